// The server that `npm run bench:api` (and bench:search, bench:realtime) loads: the product's app exactly as server/main.ts builds it
// (same plugins, hooks, database and logging), plus the baseline the figures are compared with,
// a hello route on that same app. Configured from the environment like `npm start`; prints
// `listening <url>` once /api/ready answers 200.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../server/db/schema.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { seedDemo } from '../server/db/seed.js';
import { resolveJwtSecret } from '../server/lib/jwt-secret.js';
import { serverLogOptions } from '../server/lib/log-destination.js';
import { SESSION_TTL_MS } from '../server/lib/sessions.js';
import { signToken } from '../server/lib/tokens.js';
import { MESSAGE_NOTIFICATION_TITLE } from '../server/modules/messages/service.js';
import { callerOf } from '../server/plugins/auth.js';
import { tellUsers } from '../server/plugins/realtime.js';
import { addBoardRows } from './board-rows.js';
import { boardsChanged } from '../server/lib/cached-reads.js';

const migrationsFolder = fileURLToPath(new URL('../server/db/migrations/', import.meta.url));
// Always a fresh data directory: the bench must never open a real one (PGlite allows one process).
const config = loadConfig({ ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'need-spot-bench-')) });
const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
// PGlite on its own thread, as server/main.ts runs it (dist-bench/ and bench/ sit side by side with server/).
const pgliteWorker = new URL('../server/db/pglite-worker.mjs', import.meta.url);
const database = await createDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize } : { dataDir: config.dataDir, pgliteWorker });
await database.migrate(migrationsFolder);
await seedDemo(database.db);

const app = await buildApp({ config: { ...config, jwtSecret }, db: database.db, migrationsFolder, logger: serverLogOptions(process.env.LOG_LEVEL ?? 'info') });
app.get('/bench/hello', { config: { access: 'public' } }, async () => ({ hello: 'world' }));
// Grows the boards to `rows` rows each (bench/search.mjs), as the demo account.
let seeded = 0;
app.post<{ Querystring: { rows: string } }>('/bench/rows', { config: { access: 'public', rateLimit: false } }, async (request) => {
  const target = Number(request.query.rows);
  const [{ id }] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  if (target > seeded) await addBoardRows(database.db, id, target - seeded, seeded);
  seeded = Math.max(seeded, target);
  // Written behind the services' backs: the kept pages and searches are forgotten as a write through them would.
  boardsChanged(database.db, 'needs', 'events', 'skills');
  // What autovacuum (or, on PGlite, its thread's maintenance) would do soon after this many rows,
  // done now so that it does not fall in the middle of a measurement; timed, as the longest a
  // request could wait for it on PGlite.
  const started = performance.now();
  const jobs = database.pglite ? await database.pglite.maintain() : [];
  if (!database.pglite) await database.db.execute(sql`vacuum analyze`);
  return { rows: seeded, maintenanceMs: Math.round(performance.now() - started), longestJobMs: Math.max(0, ...jobs.map((job) => job.ms)) };
});
// Signed-in travellers for bench/realtime.mjs: `count` users made in the database at once (no
// argon2 hash to pay for: they never log in with a password) and a session for each, made at once
// too (openSession, one by one, prunes the sessions table each time: 10,000 of them took minutes),
// with its token as openSession signs it.
// Numbered from a random start, so a second run on the same PostgreSQL database makes new users.
let travellers = randomInt(100_000) * 10_000;
app.post<{ Querystring: { count: string } }>('/bench/travellers', { config: { access: 'public', rateLimit: false } }, async (request) => {
  const count = Math.min(5_000, Number(request.query.count) || 0);
  const rows = Array.from({ length: count }, (_, i) => {
    const n = travellers + i;
    return { firstName: 'Bench', lastName: `Traveller ${n}`, username: `bench_${n}`, email: `bench.${n}@example.net`, contactNumber: `+1${String(5_000_000_000 + n)}`, passwordHash: '!' };
  });
  travellers += count;
  const made = await database.db.insert(users).values(rows).returning({ id: users.id });
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const opened = await database.db.insert(sessions).values(made.map(({ id }) => ({ userId: id, expiresAt }))).returning({ id: sessions.id, userId: sessions.userId });
  return Promise.all(opened.map(async (session) => ({ id: session.userId, token: await signToken(jwtSecret, { userId: session.userId, sessionId: session.id }, expiresAt) })));
});
// A broadcast to every socket, stamped with the time it left (bench/realtime.mjs measures its
// arrival); answers how long the emit held the server's event loop (socket.io writes to every
// socket before it returns).
app.post('/bench/broadcast', { config: { access: 'public', rateLimit: false } }, async () => {
  const started = performance.now();
  app.io.emit('bench-broadcast', { sentAt: performance.timeOrigin + started });
  return { sockets: app.io.engine.clientsCount, emitMs: performance.now() - started };
});
// What one database round trip costs in the same seconds (bench/realtime.mjs): `select 1` through
// the app's pool (on PGlite, its thread), one at a time every 20 ms, timed from the call to the
// answer as the server's event loop sees it, as a stored message's statement is. POST {phase}
// starts it (or moves it to another phase's list); GET answers each phase's list and stops it.
const probe = { phase: '', timer: undefined as NodeJS.Timeout | undefined, running: false, times: {} as Record<string, number[]> };
app.post<{ Body: { phase: string } }>('/bench/db-probe', { config: { access: 'public', rateLimit: false } }, async (request) => {
  probe.phase = request.body.phase;
  probe.timer ??= setInterval(() => {
    if (probe.running) return;
    probe.running = true;
    const phase = probe.phase;
    const started = performance.now();
    void database.db.execute(sql`select 1`).then(() => (probe.times[phase] ??= []).push(performance.now() - started)).finally(() => {
      probe.running = false;
    });
  }, 20);
  return { phase: probe.phase };
});
app.get('/bench/db-probe', { config: { access: 'public', rateLimit: false } }, async () => {
  clearInterval(probe.timer);
  probe.timer = undefined;
  const times = probe.times;
  probe.times = {};
  return times;
});
// The floor bench/realtime.mjs sets direct messages against: a signed-in POST whose message is
// emitted to both users, and its receiver told, as POST /api/messages/{userId} does, but never
// stored (no database work at all). `emittedAt` is the time of the emit to the microsecond (a stored message's
// `createdAt` has milliseconds only). Its delivery time is what the machine, HTTP and socket.io
// cost on their own.
app.post<{ Params: { userId: string }; Body: { content: string } }>('/bench/relay/:userId', { config: { access: 'signed-in', rateLimit: false } }, async (request, reply) => {
  const me = callerOf(request).user.id;
  const person = (id: string) => ({ _id: id, username: '', profileImage: '' });
  const emittedAt = performance.timeOrigin + performance.now();
  const message = { _id: randomUUID(), content: request.body.content, createdAt: new Date(emittedAt).toISOString(), emittedAt, sender: person(me), receiver: person(request.params.userId), read: false };
  tellUsers(app, [me, request.params.userId], 'new-message', message);
  tellUsers(app, [request.params.userId], 'notification', { title: MESSAGE_NOTIFICATION_TITLE });
  reply.code(201);
  return { success: true, message };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const ready = await app.inject({ method: 'GET', url: '/api/ready' });
if (ready.statusCode !== 200) throw new Error(`not ready: ${ready.body}`);
const address = app.server.address();
console.log(`listening http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} (${database.kind})`);

// The data directory goes with the server: each run's PGlite files (WAL included) came to 0.4 to 1.3 GB
// and were left behind in the temporary directory, run after run, until the disk was full.
process.on('SIGTERM', () => {
  void app.close().then(() => database.close()).finally(() => {
    try {
      rmSync(config.dataDir, { recursive: true, force: true });
    } finally {
      process.exit(0);
    }
  });
});
