/**
 * Graceful shutdown under load (issue 34): SIGTERM to a server that 50 keep-alive connections keep
 * busy with signed-in reads and writes (needs, and messages, which group commit stores; each with
 * an Idempotency-Key), while socket.io clients are connected and one request is in flight (its body
 * half sent). The server must finish what it
 * is doing and exit 0 within 10 s, having released the data directory's lock (it is started again
 * at once on the same DATA_DIR); meanwhile the clients, finding the port closed, wait and send
 * again, as a load balancer would hold them, until the new process answers. Counted:
 * - requests sent (every try that reached the server's port), answered, answered 5xx (must be 0),
 *   dropped (sent and never answered: must be 0), and those sent on a reused keep-alive connection
 *   that the server closed before reading them (clients.ts, `closed-keepalive`: HTTP/1.1 lets a
 *   server close an idle persistent connection at any time, and a request crossing that close is
 *   one the server never saw: the client sends it again, as RFC 9112 §9.3.1 allows and Node's
 *   `request.reusedSocket` documentation shows). That the server indeed never saw them is checked:
 *   a write sent again after such a close must not be a replay of a first one (the key would have
 *   been taken by a write the server ran), and every acknowledged write is stored exactly once.
 * - the in-flight request is answered (201) and its need stored;
 * - every socket is told its transport closed ('transport close', never 'io server disconnect',
 *   after which socket.io-client would not reconnect), and every socket reconnects to the new process.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { recordFigures } from '../figures.js';
import { bearer, needForm, NoAnswer, request, signUp, sleep, untilAnswered, type Member } from './clients.js';
import { inspectDatabase, loggedErrors, startServer, type DatabaseKind, type ReliabilityServer } from './server.js';

const CONNECTIONS = 50;
const MEMBERS = 10;
const SOCKETS = 20;
/** The bound the issue asks for: main.ts gives up (exit 1) after 10 s itself. */
const EXIT_WITHIN_MS = 10_000;
/** Sockets reconnect on their own within this long of the new process being ready. */
const RECONNECT_WITHIN_MS = 15_000;

const liftedLimits = {
  LIMIT_API_PER_MINUTE: '1000000',
  LIMIT_LOGINS_PER_MINUTE: '10000',
  LIMIT_REGISTRATIONS_PER_HOUR: '10000',
  LIMIT_SOCKETS_PER_USER: '100',
  LIMIT_SOCKET_HANDSHAKES_PER_MINUTE: '10000',
};

jest.setTimeout(5 * 60_000);

const started: ReliabilityServer[] = [];
const agents: http.Agent[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const agent of agents) agent.destroy();
  for (const one of started) await one.cleanup();
});

interface Counts {
  /** Tries that reached the server (every try but the refused ones). */
  sent: number;
  answered: number;
  serverErrors: string[];
  /** Answers other than the request's success (200 for a read, 201 for a create), 5xx apart. */
  unexpected: string[];
  dropped: string[];
  closedKeepAlive: number;
  /** Tries refused: the port closed, the client waited for the restart. */
  refused: number;
  /** Writes sent again after a closed keep-alive connection whose answer was a replay. */
  replayedAfterClose: string[];
  /** The needs' service names and the messages' contents acknowledged (201). */
  writes: string[];
}

const reads = ['/api/all-needs', '/api/messages', '/api/notifications', '/api/approved-whispers'];

/** What a connection sends next: a read, most of the time, or a write (a need, or a message: stored by group commit). */
type Kind = 'read' | 'need' | 'message';
const kindOf = (seq: number): Kind => (seq % 4 === 0 ? 'need' : seq % 4 === 2 ? 'message' : 'read');

/** One keep-alive connection's client: a read or a write after another, until `running()` is false. */
async function runConnection(base: string, member: Member, to: Member, agent: http.Agent, tag: string, running: () => boolean, counts: Counts) {
  let seq = 0;
  while (running()) {
    seq += 1;
    const kind = kindOf(seq);
    const name = `shutdown-${tag}-${seq}`;
    const what = kind === 'read' ? reads[seq % reads.length] : `${kind} ${name}`;
    const headers = { ...bearer(member.token), 'idempotency-key': randomUUID() };
    const form = kind === 'need' ? await needForm(name) : undefined;
    const send = () => {
      if (kind === 'read') return request(base, 'GET', reads[seq % reads.length], { agent, headers: bearer(member.token) });
      if (kind === 'message') return request(base, 'POST', `/api/messages/${to.id}`, { agent, headers, body: { content: name } });
      return request(base, 'POST', `/api/create-need/${member.id}`, { agent, headers: { ...headers, ...form!.headers }, body: form!.payload });
    };
    const { answer, failures } = await untilAnswered(async () => {
      try {
        const answered = await send();
        counts.sent += 1;
        counts.answered += 1;
        return answered;
      } catch (error) {
        if (error instanceof NoAnswer) {
          if (error.failure === 'refused') counts.refused += 1;
          else counts.sent += 1;
          if (error.failure === 'closed-keepalive') counts.closedKeepAlive += 1;
          if (error.failure === 'dropped') counts.dropped.push(`${what}: ${error.code} ${error.message}`);
        }
        throw error;
      }
    }, { delayMs: 50 });
    if (answer.status >= 500) counts.serverErrors.push(`${what}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
    else if (answer.status !== (kind === 'read' ? 200 : 201)) counts.unexpected.push(`${what}: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
    if (kind !== 'read' && answer.status === 201) {
      counts.writes.push(name);
      if (failures.includes('closed-keepalive') && answer.headers['idempotent-replayed'] === 'true') counts.replayedAfterClose.push(what);
    }
    await sleep(Math.random() * 20); // each client at its own pace, not in lockstep
  }
}

/** A create whose headers and first half of its body are sent now, the rest when `finish()` is called. */
function inFlightCreate(base: string, member: Member, body: object) {
  const payload = Buffer.from(JSON.stringify(body));
  const target = new URL(`/api/create-need/${member.id}`, base);
  let finish = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = http.request({
      method: 'POST', host: target.hostname, port: target.port, path: target.pathname, agent: false,
      headers: { ...bearer(member.token), 'content-type': 'application/json', 'content-length': String(payload.length), 'idempotency-key': randomUUID() },
    }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    sent.on('error', reject);
    sent.write(payload.subarray(0, payload.length / 2));
    finish = () => sent.end(payload.subarray(payload.length / 2));
  });
  return { answer, finish: () => finish() };
}

interface Watched { socket: Socket; connects: number; reasons: string[] }

function connectSocket(base: string, token: string): Promise<Watched> {
  const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500 });
  sockets.push(socket);
  const watched: Watched = { socket, connects: 0, reasons: [] };
  socket.on('connect', () => (watched.connects += 1));
  socket.on('disconnect', (reason) => watched.reasons.push(reason));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(watched));
    socket.once('connect_error', reject);
  });
}

async function until(condition: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) return false;
    await sleep(20);
  }
  return true;
}

describe('graceful shutdown (SIGTERM) under load', () => {
  for (const database of ['PGlite', 'PostgreSQL'] as DatabaseKind[]) {
    it(`${database}: in-flight requests finish, none dropped or 5xx, sockets told to reconnect, exit 0 within 10 s, the data directory free at once`, async () => {
      const running = await startServer(database, liftedLimits);
      started.push(running);
      const { server, base } = running;
      const members = await Promise.all(Array.from({ length: MEMBERS }, () => signUp(base)));
      const watched = await Promise.all(Array.from({ length: SOCKETS }, (_, i) => connectSocket(base, members[i % MEMBERS].token)));

      const counts: Counts = { sent: 0, answered: 0, serverErrors: [], unexpected: [], dropped: [], closedKeepAlive: 0, refused: 0, replayedAfterClose: [], writes: [] };
      let load = true;
      const connections = Array.from({ length: CONNECTIONS }, (_, i) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        return runConnection(base, members[i % MEMBERS], members[(i + 1) % MEMBERS], agent, String(i), () => load, counts);
      });
      await sleep(1_500); // steady load

      const inFlight = inFlightCreate(base, members[0], {
        type: 'need', category: 'Transport', serviceName: 'shutdown-in-flight', description: 'Sent across the SIGTERM.',
        contactDetails: { phone: '+919876543210', email: 'rider@example.com' },
        location: { address: 'Old Manali Road', city: 'Manali', state: 'Himachal Pradesh', postalCode: '175131', coordinates: { latitude: 32.2526, longitude: 77.1746 } },
      });
      await sleep(200); // its headers are read: a request in progress
      const signalledAt = performance.now();
      const exited = server.stop('SIGTERM');
      await sleep(300);
      inFlight.finish();
      const exitCode = await exited;
      const exitMs = Math.round(performance.now() - signalledAt);
      const inFlightAnswer = await inFlight.answer;

      // At once on the same directory: a lock still held would refuse this start.
      await server.start();
      const restartedAt = Date.now();
      const reconnected = await until(() => watched.every((one) => one.connects >= 2), RECONNECT_WITHIN_MS);
      const reconnectMs = Date.now() - restartedAt;
      await sleep(1_000); // the load goes on against the new process
      load = false;
      await Promise.all(connections);
      const disconnects = watched.flatMap((one) => one.reasons);
      expect(await server.stop('SIGTERM')).toBe(0);

      const stored = await inspectDatabase(running.where, [
        `select service_name as name, count(*)::int as n from needs where service_name like 'shutdown-%' group by 1`,
        `select content as name, count(*)::int as n from messages where content like 'shutdown-%' group by 1`,
      ]);
      const storedCount = new Map(stored.flatMap((result) => result.rows ?? []).map((row) => [row.name as string, row.n as number]));
      const notOnce = [...counts.writes, 'shutdown-in-flight'].filter((name) => storedCount.get(name) !== 1).map((name) => `${name} × ${storedCount.get(name) ?? 0}`);

      recordFigures(`graceful shutdown (${database})`, {
        connections: CONNECTIONS,
        'requests sent': counts.sent,
        answered: counts.answered,
        '5xx': counts.serverErrors.length,
        dropped: counts.dropped.length,
        'closed idle keep-alive, sent again': counts.closedKeepAlive,
        'refused while down, sent again': counts.refused,
        sockets: SOCKETS,
        'sockets reconnected': watched.filter((one) => one.connects >= 2).length,
        'exit after SIGTERM': `${exitMs} ms`,
        'sockets back after restart': `${reconnectMs} ms`,
      });

      expect(exitCode).toBe(0);
      expect(exitMs).toBeLessThanOrEqual(EXIT_WITHIN_MS);
      expect(inFlightAnswer.status).toBe(201);
      expect(counts.serverErrors).toEqual([]);
      expect(loggedErrors(server.output)).toEqual([]);
      expect(counts.dropped).toEqual([]);
      expect(counts.unexpected).toEqual([]);
      expect(counts.replayedAfterClose).toEqual([]);
      expect(notOnce).toEqual([]);
      expect(counts.answered).toBe(counts.sent - counts.closedKeepAlive);
      // Not vacuous: the server went away under load (the clients met its closed port).
      expect(counts.refused).toBeGreaterThan(0);
      expect(stored.map((result) => result.error)).toEqual([undefined, undefined]);
      expect(disconnects).toHaveLength(SOCKETS);
      expect(new Set(disconnects)).toEqual(new Set(['transport close']));
      expect(reconnected).toBe(true);
    });
  }
});
