/**
 * Database outage (issue 34): PostgreSQL is stopped (`pg_ctl stop -m fast`) for 20 s under a steady
 * load of reads and writes, then started again. Asserted:
 *
 * - `/api/ready` answers 503 within a second of the stop;
 * - every request answers, within 10 s, and while the database is away with 503 and the one clear
 *   message: never a hang, never a 500, never a stack; the server process never exits, and its log
 *   has one warning for the outage and no error;
 * - the server recovers by itself within 5 s of the database's return (`/api/ready` 200 and a write
 *   that succeeds);
 * - nothing acknowledged is lost: every write answered 201 is in the database afterwards;
 * - sockets stay up through it, and sockets opened while it is away connect by themselves once it is back.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../../../bench/free-port.mjs';
import { createDatabase, rowsOf } from '../../db/client.js';
import { databaseUnavailable } from '../../lib/db-errors.js';
import { serverInstance, startPostgres, type ScaleInstance } from '../../../scripts/scale-stack.mjs';
import { recordFigures } from '../figures.js';
import { inBatches, Member, postgresControl, request, signUpMany, sleep, type Account, type Answer } from './reconnect-clients.js';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..', '..');
const WORKERS = 16;
const OUTAGE_MS = 20_000;
/** The bounds. */
const READY_503_WITHIN_MS = 1_000;
const ANSWER_WITHIN_MS = 10_000;
const RECOVERY_WITHIN_MS = 5_000;
// plugins/errors.ts DATABASE_UNAVAILABLE (not imported: that would load the server's modules here).
const UNAVAILABLE = { message: 'The database is not available right now. Please try again later.' };

interface Outcome {
  what: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: unknown;
  text?: string;
  error?: string;
}

let dir: string;
let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
let server: ScaleInstance;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sockets: Socket[] = [];
const members: Member[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ns-outage-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
  chmodSync(dir, 0o755);
  postgres = await startPostgres(dir);
  server = serverInstance(root, {
    NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NOMINATIM_URL: 'http://127.0.0.1:9',
    DATABASE_URL: `${postgres.url}/postgres`, DATA_DIR: path.join(dir, 'instance'),
    JWT_SECRET: 'reliability-outage-0123456789abcdef0123456789ab',
    // One loopback address for the whole load.
    LIMIT_REGISTRATIONS_PER_HOUR: '1000', LIMIT_LOGINS_PER_MINUTE: '1000', LIMIT_API_PER_MINUTE: '10000000',
    LIMIT_SOCKET_HANDSHAKES_PER_MINUTE: '100000',
  }, await freePort());
  await server.start();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const member of members) member.close();
  agent.destroy();
  await server?.stop('SIGTERM').catch(() => {});
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One request of the load, recorded whatever becomes of it. */
async function timed(what: string, method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    // Well past the bound: a request that hangs is seen as one, not cut off at the bound.
    const answer: Answer = await request(server.url, method, url, { ...options, agent, timeoutMs: 30_000 });
    return { what, startedAt, endedAt: Date.now(), status: answer.status, body: answer.body, text: answer.text };
  } catch (error) {
    return { what, startedAt, endedAt: Date.now(), error: (error as Error).message };
  }
}

/** A worker's cycle: two reads, three writes (a message with and one without an Idempotency-Key, a need). */
function cycle(me: Account, peer: Account, n: number) {
  const steps = [
    () => timed('GET /api/notifications', 'GET', '/api/notifications', { token: me.token }),
    () => timed('POST /api/messages/:userId (key)', 'POST', `/api/messages/${peer.id}`, { token: me.token, body: { content: `keyed ${n}` }, headers: { 'idempotency-key': randomUUID() } }),
    () => timed('GET /api/all-needs', 'GET', '/api/all-needs', {}),
    () => timed('POST /api/messages/:userId', 'POST', `/api/messages/${peer.id}`, { token: me.token, body: { content: `plain ${n}` } }),
    () => timed('POST /api/create-need/:userId', 'POST', `/api/create-need/${me.id}`, {
      token: me.token, headers: { 'idempotency-key': randomUUID() },
      body: { type: 'need', category: 'Travel', serviceName: `Ride ${n}`, description: 'To the station at dawn.' },
    }),
  ];
  return steps[n % steps.length]();
}

describe('Database outage: PostgreSQL stopped for 20 s under load', () => {
  it('ready 503 within a second; every request 503 with a clear message within 10 s (no 500, no hang, no exit); back by itself within 5 s; nothing acknowledged lost', async () => {
    const accounts = await signUpMany(server.url, WORKERS, agent);
    // Members with the SPA's pages open on their sockets: connected before, through it and after.
    members.push(...accounts.slice(0, 5).map((account) => new Member(account, server.url, [], agent)));
    await inBatches(members, 5, (member) => member.open());

    const outcomes: Outcome[] = [];
    const probes: Outcome[] = [];
    let loading = true;
    const load = Promise.all(accounts.map(async (me, i) => {
      const peer = accounts[(i + 1) % accounts.length];
      for (let n = i; loading; n++) {
        outcomes.push(await cycle(me, peer, n));
        await sleep(50);
      }
    }));
    const probing = (async () => {
      while (loading) {
        probes.push(await timed('GET /api/ready', 'GET', '/api/ready', {}));
        await sleep(50);
      }
    })();

    await sleep(3_000);
    const control = postgresControl(dir, postgres!);
    const stopIssuedAt = Date.now();
    await control.stop();
    const stoppedAt = Date.now();
    // Sockets opened while the database is away: their handshakes cannot check a session.
    await sleep(2_000);
    const lateSockets = accounts.slice(5, 10).map((account) => {
      const socket = io(server.url, { path: '/socket.io', auth: { token: account.token }, transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      const refusals: string[] = [];
      socket.on('connect_error', (error) => refusals.push(error.message));
      return { socket, refusals, connectedAt: new Promise<number>((resolve) => socket.once('connect', () => resolve(Date.now()))) };
    });
    await sleep(stoppedAt + OUTAGE_MS - Date.now());
    await control.start();
    const backAt = Date.now();
    await sleep(6_000);
    loading = false;
    await Promise.all([load, probing]);
    // Each socket's connect, or Infinity when it has not connected 20 s after the database's return.
    const socketTimes = await Promise.all(lateSockets.map(async ({ connectedAt }) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Infinity), Math.max(0, backAt + 20_000 - Date.now()))));
      try {
        return await Promise.race([connectedAt, late]);
      } finally {
        clearTimeout(timer);
      }
    }));

    // /api/ready: 503 within a second of the stop, 200 again once the database is back.
    const firstReady503 = probes.find((probe) => probe.startedAt >= stopIssuedAt && probe.status === 503);
    const ready503Delay = (firstReady503?.endedAt ?? Infinity) - stopIssuedAt;
    const firstReady200 = probes.find((probe) => probe.startedAt >= backAt && probe.status === 200);
    const firstWrite = outcomes.find((outcome) => outcome.startedAt >= backAt && outcome.status === 201);
    const recovery = Math.max(firstReady200?.endedAt ?? Infinity, firstWrite?.endedAt ?? Infinity) - backAt;

    // The requests sent while the database was away (from the stop until it accepted connections again).
    const during = outcomes.filter((outcome) => outcome.startedAt >= stopIssuedAt && outcome.startedAt < backAt);
    const all = [...outcomes, ...probes];
    const slowest = Math.max(...all.map((outcome) => outcome.endedAt - outcome.startedAt));
    const unanswered = all.filter((outcome) => outcome.error !== undefined);
    const fiveHundreds = all.filter((outcome) => outcome.status === 500);
    // Any 5xx but the database's 503 (and ready's own): a 500, a 502, a 503 in other words, a stack.
    const unclear = outcomes.filter((outcome) => (outcome.status ?? 0) >= 500 && JSON.stringify(outcome.body) !== JSON.stringify(UNAVAILABLE));

    // Nothing acknowledged is lost: each write answered 201 is in the database.
    const acknowledged = { messages: [] as string[], needs: [] as string[] };
    for (const outcome of outcomes.filter((o) => o.status === 201)) {
      const body = outcome.body as { message?: { _id: string }; need?: { _id: string } };
      if (body.message) acknowledged.messages.push(body.message._id);
      else if (body.need) acknowledged.needs.push(body.need._id);
    }
    const client = new pg.Client({ connectionString: `${postgres!.url}/postgres` });
    await client.connect();
    let found = 0;
    try {
      found += (await client.query('SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])', [acknowledged.messages])).rows[0].n;
      found += (await client.query('SELECT count(*)::int AS n FROM needs WHERE id = ANY($1::uuid[])', [acknowledged.needs])).rows[0].n;
    } finally {
      await client.end();
    }
    const acknowledgedCount = acknowledged.messages.length + acknowledged.needs.length;
    const errorLines = server.output.split('\n').filter((line) => line.includes('"level":50') || line.includes('"level":60'));
    const outageWarnings = server.output.split('\n').filter((line) => line.includes('The database is not available'));
    const slowestSocket = Math.max(...socketTimes.map((at) => at - backAt));

    recordFigures('Database outage (PostgreSQL stopped 20 s)', {
      requests: all.length, requestsDuringOutage: during.length,
      answered503: during.filter((outcome) => outcome.status === 503).length, answered500: fiveHundreds.length,
      unanswered: unanswered.length, slowestAnswerMs: slowest, ready503DelayMs: ready503Delay, recoveryMs: recovery,
      acknowledgedWrites: acknowledgedCount, acknowledgedWritesLost: acknowledgedCount - found,
      socketsOpenedDuringOutage: lateSockets.length, slowestSocketAfterReturnMs: slowestSocket,
    });

    expect(ready503Delay).toBeLessThanOrEqual(READY_503_WITHIN_MS);
    expect(unanswered).toEqual([]);
    expect(fiveHundreds).toEqual([]);
    expect(unclear).toEqual([]);
    expect(slowest).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    // The outage was met: the load's requests meanwhile were answered 503 (a few in flight at the stop may have made it).
    expect(during.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(during.length * 0.9);
    expect(recovery).toBeLessThanOrEqual(RECOVERY_WITHIN_MS);
    expect(acknowledgedCount).toBeGreaterThan(0);
    expect(found).toBe(acknowledgedCount);
    expect(server.child?.exitCode).toBeNull();
    expect(server.child?.signalCode).toBeNull();
    expect(errorLines).toEqual([]);
    expect(server.output).not.toMatch(/"stack"/);
    expect(outageWarnings).toHaveLength(1);
    // Sockets: those connected before stayed up; those opened meanwhile were never refused, and connected by themselves.
    expect(members.filter((member) => member.disconnects.length > 0)).toEqual([]);
    expect(lateSockets.flatMap(({ refusals }) => refusals)).toEqual([]);
    expect(socketTimes.every(Number.isFinite)).toBe(true);
  });
});

describe('a connection the database ends under a transaction', () => {
  // What a stop (or pg_terminate_backend, a failover) does to a connection a transaction holds: the
  // pool has no listener on a client it lent out, and node-postgres emits 'error' on the client when
  // its connection ends; unheard, that stopped the whole server (seen in the outage above).
  it('fails that transaction as the database being unavailable, and the process and the pool go on', async () => {
    const database = await createDatabase({ databaseUrl: `${postgres!.url}/postgres` });
    const killer = new pg.Client({ connectionString: `${postgres!.url}/postgres` });
    await killer.connect();
    try {
      const outcome = database.db.transaction(async (tx) => {
        const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`));
        await killer.query('SELECT pg_terminate_backend($1)', [pid]);
        // The connection's end reaches the client while no statement of it runs.
        await sleep(300);
        await tx.execute(sql`SELECT 1`);
      });
      const error = await outcome.then(() => undefined, (reason: unknown) => reason);
      expect(databaseUnavailable(error)).toBeDefined();
      expect(rowsOf(await database.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
    } finally {
      await killer.end();
      await database.close();
    }
  });
});
