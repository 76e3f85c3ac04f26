import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { createDatabase, type Database } from '../db/client.js';
import { databaseUnavailable } from '../lib/db-errors.js';
import { signToken } from '../lib/tokens.js';
import { buildTestApp, SETUP_TIMEOUT, TEST_JWT_SECRET, type TestApp } from '../test/build-test-app.js';
import { bearer } from '../test/fixtures.js';
import { logCapture } from '../test/log-capture.js';
import { DATABASE_UNAVAILABLE } from './errors.js';

// A PostgreSQL that is down (nothing listens on port 9 of loopback: refused at once) or that hangs
// (a TCP server that accepts and never answers): every request answers 503 with the one message, in
// bounded time; the log has one warning for the outage and no stack; sockets keep trying by themselves.
// The whole stop-and-start under load, and the recovery, are npm run test:reliability's (outage.test.ts).

describe('databaseUnavailable: which errors are the database being unavailable', () => {
  const drizzle = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { query: 'select 1', params: [], cause });
  it.each([
    ['connection refused, under drizzle\'s error', drizzle(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })), 'ECONNREFUSED'],
    ['a fast stop (57P01)', drizzle(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), '57P01'],
    ['starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' }), '57P03'],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' }), '08006'],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' }), '53300'],
    ['the connection lost mid-query', drizzle(new Error('Connection terminated unexpectedly')), 'Connection terminated unexpectedly'],
    ['the pool\'s connection timeout', drizzle(new Error('timeout exceeded when trying to connect')), 'timeout exceeded when trying to connect'],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable'), 'Client has encountered a connection error and is not queryable'],
  ])('%s: yes', (_name, error, reason) => {
    expect(databaseUnavailable(error)).toBe(reason);
  });
  it.each([
    ['a unique violation', drizzle(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a syntax error', drizzle(Object.assign(new Error('syntax error'), { code: '42601' }))],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['a query error without a cause', drizzle(undefined)],
  ])('%s: no', (_name, error) => {
    expect(databaseUnavailable(error)).toBeUndefined();
  });
});

/** An app on `databaseUrl`'s PostgreSQL, with its log kept. */
async function appOn(databaseUrl: string, connectionTimeoutMs?: number) {
  const database: Database = await createDatabase({ databaseUrl, connectionTimeoutMs });
  const log = logCapture('info');
  const t: TestApp = await buildTestApp({ db: database.db, logger: log.logger });
  return { t, log, close: async () => {
    await t.close();
    await database.close();
  } };
}
const entries = (lines: string[]) => lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { stack?: string } });
const token = () => signToken(TEST_JWT_SECRET, { userId: randomUUID(), sessionId: randomUUID() }, new Date(Date.now() + 60_000));

describe('the database refuses connections (stopped)', () => {
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    app = await appOn('postgres://postgres@127.0.0.1:9/none');
  }, SETUP_TIMEOUT);
  afterAll(() => app?.close());

  it('every request that needs it answers 503 with the one message; ready says why; health is 200; one warning, no stack', async () => {
    const { app: server } = app.t;
    const bearerToken = await token();
    const answers = await Promise.all([
      server.inject({ method: 'POST', url: '/api/login', payload: { username: 'asha', password: 'trail-Mix-42' } }),
      server.inject({ method: 'GET', url: '/api/notifications', headers: bearer(bearerToken) }),
      server.inject({ method: 'GET', url: '/api/all-needs' }),
      server.inject({ method: 'POST', url: `/api/messages/${randomUUID()}`, headers: bearer(bearerToken), payload: { content: 'Ferry at 7?' } }),
    ]);
    for (const answer of answers) expect([answer.statusCode, answer.json()]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
    const ready = await server.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: false, message: 'Database is not reachable' }]);
    expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    server.runInBackground('a task that needs the database', () => server.db.execute('select 1'));
    await server.backgroundIdle();

    const logged = entries(app.log.lines);
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(app.log.lines.join('\n')).not.toMatch(/stack/);
    expect(logged.filter((entry) => entry.msg.startsWith('The database is'))).toEqual([
      expect.objectContaining({ level: 40, msg: 'The database is not available: answering 503 until it is back', reason: 'ECONNREFUSED' }),
    ]);
  });

  it('a socket\'s handshake is not refused as Unauthorized: the client keeps trying by itself', async () => {
    await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.t.app.server.address() as net.AddressInfo;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io', auth: { token: await token() }, transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 100,
    });
    const refusals: string[] = [];
    socket.on('connect_error', (error) => refusals.push(error.message));
    try {
      // Three attempts after the first, each closed by the server as a lost connection: socket.io-client
      // goes on trying (its attempt count starts again each time, as the connection itself opened).
      let attempts = 0;
      await new Promise<void>((resolve) => socket.io.on('reconnect_attempt', () => ++attempts === 3 && resolve()));
      expect(refusals).not.toContain('Unauthorized');
      expect(socket.connected).toBe(false);
    } finally {
      socket.close();
    }
    expect(entries(app.log.lines).filter((entry) => entry.level >= 50)).toEqual([]);
  });
});

describe('the database accepts connections and never answers (hung)', () => {
  let silent: net.Server;
  const held: net.Socket[] = [];
  let app: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    app = await appOn(`postgres://postgres@127.0.0.1:${port}/none`, 300);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a request answers 503 once the pool gave up connecting, and ready within a second', async () => {
    const started = Date.now();
    const login = await app.t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'asha', password: 'trail-Mix-42' } });
    expect([login.statusCode, login.json()]).toEqual([503, { message: DATABASE_UNAVAILABLE }]);
    const readyStarted = Date.now();
    const ready = await app.t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: false, message: 'Database is not reachable' }]);
    expect(Date.now() - readyStarted).toBeLessThan(1_000);
    // The pool's 300 ms here (5 s in production), not for ever.
    expect(readyStarted - started).toBeLessThan(5_000);
  });
});
