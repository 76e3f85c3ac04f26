/**
 * Reconnect and catch up (issue 34): 50 members, each signed in with the SPA's live pages open on
 * a socket of its own (reconnect-clients.ts `Member`: the SPA's rules for events and reconnects,
 * src/shared/api/realtime.ts and endpoints/messages.ts, notifications.ts), while other members send
 * them messages and follow them.
 *
 * - The server restarts (SIGTERM, then started again on the same port and data) while messages keep
 *   being sent (each retried with its Idempotency-Key until answered), on PGlite and on PostgreSQL.
 * - The members' network drops for 20 s (a TCP proxy between them and the server destroys every
 *   connection and refuses new ones) while messages are sent to them directly.
 *
 * Each member must reconnect by itself within 15 s of the server's (the network's) return and end,
 * without a reload, with every message and notification the server holds for it, none twice, and
 * its inbox rows right (last message, unread count). Figures: members, messages sent, received live,
 * caught up after the reconnect, missing, duplicated, slowest reconnect.
 */
import http from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../bench/free-port.mjs';
import { serverInstance, startPostgres, type ScaleInstance } from '../../../scripts/scale-stack.mjs';
import { recordFigures } from '../figures.js';
import {
  compare, inBatches, Member, serverView, signUpMany, sleep, startTcpProxy, untilAnswered, type Account, type Comparison, type Message,
} from './reconnect-clients.js';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..', '..');
const MEMBERS = 50;
/** How long after the server's (the network's) return each member must be connected again (the bound). */
const RECONNECT_BOUND_MS = 15_000;
/** Each sender writes to each member about this often (50 members: about 35 messages a second). */
const SEND_PAUSE_MS = 1_500;

/** The server's environment: limits lifted for 50 members on one loopback address, nothing outside reached. */
const environment = (extra: Record<string, string>) => ({
  NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NOMINATIM_URL: 'http://127.0.0.1:9',
  // Fixed, so that tokens survive restarts (as the same secret on every start does in production).
  JWT_SECRET: 'reliability-reconnect-0123456789abcdef0123456789',
  LIMIT_REGISTRATIONS_PER_HOUR: '1000', LIMIT_LOGINS_PER_MINUTE: '1000', LIMIT_API_PER_MINUTE: '1000000',
  LIMIT_SOCKET_HANDSHAKES_PER_MINUTE: '100000',
  ...extra,
});

interface Stack {
  server: ScaleInstance;
  proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  members: Member[];
  /** Per scenario: who sends the messages, and who follows (a notification of its own). */
  senders: Record<string, Account>;
  fans: Record<string, Account>;
  /** The senders' connections (direct to the server) and the members' (through the proxy). */
  senderAgent: http.Agent;
  memberAgent: http.Agent;
  stop(): Promise<void>;
}

async function startStack(label: string, scenarios: string[], env: Record<string, string>): Promise<Stack> {
  const server = serverInstance(root, environment(env), await freePort());
  const senderAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const memberAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const parts: Partial<Stack> = { server, senderAgent, memberAgent, members: [] };
  const stop = async () => {
    for (const member of parts.members ?? []) member.close();
    await parts.proxy?.close();
    senderAgent.destroy();
    memberAgent.destroy();
    await server.stop('SIGTERM').catch(() => {});
  };
  try {
    await server.start();
    parts.proxy = await startTcpProxy(server.port);
    const accounts = await signUpMany(server.url, MEMBERS + 2 * scenarios.length, senderAgent);
    const senders: Record<string, Account> = {};
    const fans: Record<string, Account> = {};
    scenarios.forEach((scenario, i) => {
      senders[scenario] = accounts[MEMBERS + 2 * i];
      fans[scenario] = accounts[MEMBERS + 2 * i + 1];
    });
    const correspondents = Object.values(senders).map((sender) => sender.id);
    // The members' pages and sockets go through the proxy: their network.
    parts.members = accounts.slice(0, MEMBERS).map((account) => new Member(account, parts.proxy!.url, correspondents, memberAgent));
    await inBatches(parts.members, 10, (member) => member.open());
    return { ...(parts as Stack), senders, fans, stop };
  } catch (error) {
    await stop();
    throw new Error(`${label}: the stack did not start`, { cause: error });
  }
}

/**
 * Each member gets a message from `sender` about every SEND_PAUSE_MS until `done()` (each retried with
 * its Idempotency-Key until answered, however long the server is away). Resolves to the answered ones.
 */
async function sendToAll(stack: Stack, sender: Account, scenario: string, done: () => boolean): Promise<Message[]> {
  const acknowledged: Message[] = [];
  await Promise.all(stack.members.map(async (member, i) => {
    await sleep((i * SEND_PAUSE_MS) / stack.members.length);
    for (let seq = 1; !done(); seq++) {
      const { answer } = await untilAnswered(stack.server.url, 'POST', `/api/messages/${member.account.id}`, {
        token: sender.token, body: { content: `${scenario} ${i}.${seq}` }, agent: stack.senderAgent,
      });
      if (answer.status !== 201) throw new Error(`a message answered ${answer.status}: ${answer.text}`);
      acknowledged.push(answer.body.message as Message);
      await sleep(SEND_PAUSE_MS);
    }
  }));
  return acknowledged;
}

/** `fan` follows every member (a 'New follower' notification each), retried until answered. */
const followAll = (stack: Stack, fan: Account) => inBatches(stack.members, 10, async (member) => {
  const { answer } = await untilAnswered(stack.server.url, 'POST', `/api/whispers/${member.account.id}/follow`, { token: fan.token, body: {}, agent: stack.senderAgent });
  if (answer.status !== 200) throw new Error(`a follow answered ${answer.status}: ${answer.text}`);
});

/** Until every member is connected again after `since`; how long after `backAt` each was (0 if before). */
async function reconnected(members: Member[], since: number, backAt: number): Promise<number[]> {
  const until = backAt + RECONNECT_BOUND_MS + 5_000;
  while (members.some((member) => !member.connects.some((at) => at > since)) && Date.now() < until) await sleep(50);
  return members.map((member) => {
    const at = member.connects.find((time) => time > since);
    return at === undefined ? Infinity : Math.max(0, at - backAt);
  });
}

/**
 * Waits (at most 20 s) until every member's view holds what the server holds for it, then compares:
 * the members only do what the SPA does (no reload, no extra read).
 */
async function settle(stack: Stack, senders: string[]): Promise<Comparison> {
  const truths = await inBatches(stack.members, 10, (member) => serverView(stack.server.url, member.account, senders, stack.senderAgent));
  const total = () => {
    const sum: Comparison = { missing: 0, duplicated: 0, notificationsMissing: 0, notificationsDuplicated: 0, inboxWrong: 0 };
    stack.members.forEach((member, i) => {
      const one = compare(member, truths[i]);
      for (const key of Object.keys(sum) as (keyof Comparison)[]) sum[key] += one[key];
    });
    return sum;
  };
  const until = Date.now() + 20_000;
  while (Object.values(total()).some((count) => count > 0) && Date.now() < until) await sleep(100);
  await Promise.all(stack.members.map((member) => member.idle()));
  return total();
}

/** Of the messages `sender` sent: how many each member got live, and how many by a read after its reconnect. */
function arrivals(members: Member[], acknowledged: Message[]) {
  const byReceiver = new Map(members.map((member) => [member.account.id, member]));
  let live = 0;
  let caughtUp = 0;
  for (const message of acknowledged) {
    const way = byReceiver.get(message.receiver._id)?.arrivedBy.get(message._id);
    if (way === 'live') live += 1;
    if (way === 'read') caughtUp += 1;
  }
  return { live, caughtUp };
}

function expectNothingLost(found: Comparison, acknowledged: Message[], members: Member[]) {
  expect(found).toEqual(expect.objectContaining({ missing: 0, duplicated: 0, notificationsMissing: 0, notificationsDuplicated: 0, inboxWrong: 0 }));
  // Every acknowledged message is in its member's view (the server's read is the same set: compared above).
  const shown = new Set(members.flatMap((member) => [...member.conversations.values()].flat().map((message) => message._id)));
  expect(acknowledged.filter((message) => !shown.has(message._id))).toEqual([]);
}

/** The restart scenario on a stack; records its figures under `suite`. */
async function restartScenario(stack: Stack, suite: string) {
  const sender = stack.senders.restart;
  let done = false;
  const sending = sendToAll(stack, sender, 'restart', () => done);
  await sleep(3_000);
  const stoppedAt = Date.now();
  expect(await stack.server.stop('SIGTERM')).toBe(0);
  // While it is down the sends are retried, and a member follows each of them (retried too).
  const following = followAll(stack, stack.fans.restart);
  await sleep(1_000);
  await stack.server.start();
  const backAt = Date.now();
  const delays = await reconnected(stack.members, stoppedAt, backAt);
  await sleep(3_000);
  done = true;
  const acknowledged = await sending;
  await following;
  const found = await settle(stack, [sender.id]);
  const { live, caughtUp } = arrivals(stack.members, acknowledged);
  const slowest = Math.max(...delays);
  recordFigures(suite, {
    clients: stack.members.length, messagesSent: acknowledged.length, receivedLive: live, caughtUpAfterReconnect: caughtUp,
    missing: found.missing, duplicated: found.duplicated, notificationsMissing: found.notificationsMissing,
    notificationsDuplicated: found.notificationsDuplicated, inboxRowsWrong: found.inboxWrong, slowestReconnectMs: slowest,
    downMs: backAt - stoppedAt,
  });
  // Every member lost its socket with the server and came back by itself, in time.
  expect(stack.members.filter((member) => !member.disconnects.some((d) => d.at >= stoppedAt))).toEqual([]);
  expect(slowest).toBeLessThanOrEqual(RECONNECT_BOUND_MS);
  expectNothingLost(found, acknowledged, stack.members);
  // Both ways happened: some messages came live, some (sent while a member was away) by the read after its reconnect.
  expect(live).toBeGreaterThan(0);
  expect(live + caughtUp).toBe(acknowledged.length);
}

describe('Reconnect and catch up, PGlite: 50 members', () => {
  let dir: string;
  let stack: Stack;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ns-reconnect-'));
    stack = await startStack('PGlite', ['restart', 'drop'], { DATA_DIR: dir });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server restarts (SIGTERM, start) while messages are sent: each member reconnects within 15 s and shows every message and notification once', async () => {
    await restartScenario(stack, 'Reconnect: server restart (PGlite)');
  });

  it('the members\' network drops for 20 s while messages are sent to them: each reconnects within 15 s of its return and catches up, nothing twice', async () => {
    const sender = stack.senders.drop;
    let done = false;
    const droppedAt = Date.now();
    const dropping = stack.proxy.drop(20_000);
    await sleep(500);
    const sending = sendToAll(stack, sender, 'drop', () => done);
    const following = followAll(stack, stack.fans.drop);
    const backAt = await dropping;
    const delays = await reconnected(stack.members, droppedAt, backAt);
    await sleep(3_000);
    done = true;
    const acknowledged = await sending;
    await following;
    const found = await settle(stack, [stack.senders.restart.id, sender.id]);
    const { live, caughtUp } = arrivals(stack.members, acknowledged);
    const slowest = Math.max(...delays);
    recordFigures('Reconnect: network drop 20 s (PGlite)', {
      clients: stack.members.length, messagesSent: acknowledged.length, receivedLive: live, caughtUpAfterReconnect: caughtUp,
      missing: found.missing, duplicated: found.duplicated, notificationsMissing: found.notificationsMissing,
      notificationsDuplicated: found.notificationsDuplicated, inboxRowsWrong: found.inboxWrong, slowestReconnectMs: slowest,
    });
    expect(stack.members.filter((member) => !member.disconnects.some((d) => d.at >= droppedAt))).toEqual([]);
    expect(slowest).toBeLessThanOrEqual(RECONNECT_BOUND_MS);
    expectNothingLost(found, acknowledged, stack.members);
    // Most were sent while the network was down: caught up by the read after the reconnect.
    expect(caughtUp).toBeGreaterThan(0);
    expect(live + caughtUp).toBe(acknowledged.length);
  });
});

describe('Reconnect and catch up, PostgreSQL: 50 members', () => {
  let dir: string;
  let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let stack: Stack;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ns-reconnect-pg-'));
    // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
    chmodSync(dir, 0o755);
    postgres = await startPostgres(dir);
    stack = await startStack('PostgreSQL', ['restart'], { DATABASE_URL: `${postgres.url}/postgres`, DATA_DIR: path.join(dir, 'instance') });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server restarts (SIGTERM, start) while messages are sent: each member reconnects within 15 s and shows every message and notification once', async () => {
    await restartScenario(stack, 'Reconnect: server restart (PostgreSQL)');
  });
});
