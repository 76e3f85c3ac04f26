import { fileURLToPath } from 'node:url';
import type { App } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { snapshotPglite } from './db/table-state.js';
import { DEMO_PASSWORD, DEMO_USERNAME, hasDemoAccount, seedDemo } from './db/seed.js';
import { serveBackups } from './lib/backup-socket.js';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { serverLogOptions } from './lib/log-destination.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations/', import.meta.url));
// Embedded PGlite's thread (db/pglite-thread.ts): next to this file in server/, and copied next to the bundle.
const pgliteWorker = new URL('./db/pglite-worker.mjs', import.meta.url);
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** What is open so far; a signal during start-up closes exactly that. */
const open: { app?: App; database?: Database; stopBackups?: () => Promise<void>; releaseLock?: () => Promise<void> } = {};
let stopping = false;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
}

async function start(config: Config) {
  // Embedded PGlite takes no lock of its own, and two processes on one directory corrupt it.
  if (!config.databaseUrl) {
    try {
      // Without the lock another process could open the same database: stop at once, unclean.
      open.releaseLock = await lockDataDir(config.dataDir, (error) => fail(`Lost the lock on ${config.dataDir} (${error.message}): stopping.`));
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const opening = createDatabase(config.databaseUrl
    ? { databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize }
    : {
      dataDir: config.dataDir,
      pgliteWorker,
      // Every statement would fail from here on: stop, for the supervisor to start the server again.
      onLost: (error) => fail(`The embedded database stopped (${error.message}): stopping.`),
    });
  // The web app's modules (most of a start's work on this thread) load while the database opens on
  // its own thread (PGlite) or connects, not after: a restart after a crash waits for the longer of
  // the two. Its failure, if any, is thrown where it is awaited.
  const appModule = import('./app.js');
  appModule.catch(() => {});
  const database = (open.database = await opening);
  await database.migrate(migrationsFolder);
  if (config.seedDemo && !stopping && (await seedDemo(database.db))) console.log('Seeded the demo content.');
  const demo = await hasDemoAccount(database.db);
  if (stopping) return;

  const { buildApp } = await appModule;
  const app = (open.app = await buildApp({ config: { ...config, jwtSecret }, db: database.db, migrationsFolder, logger: serverLogOptions(process.env.LOG_LEVEL ?? 'info') }));
  // `npm run backup` cannot open the embedded database this process holds: it asks here (lib/backup-socket.ts).
  const { pglite } = database;
  if (pglite) open.stopBackups = await serveBackups(config.dataDir, () => snapshotPglite(pglite), app.log);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${config.port} is already in use. Stop the other program or set PORT to another port.`, { cause: error });
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  // The ready line means what a load balancer would see: /api/ready answering 200.
  const ready = await app.inject({ method: 'GET', url: '/api/ready' });
  if (ready.statusCode !== 200) throw new Error(`Started but not ready: ${(ready.json() as { message?: string }).message ?? ready.statusCode}`);
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`Need Spot is running at http://${host}:${port} (${where})`);
  if (demo) console.log(`Demo account: ${DEMO_USERNAME} / ${DEMO_PASSWORD}`);
}

async function closeAll() {
  // A keep-alive connection that goes idle while closing (its answer was under way, or sent without
  // Connection: close) is closed within a quarter second, not at the keep-alive timeout.
  const idle = setInterval(() => open.app?.server.closeIdleConnections(), 250);
  try {
    await open.app?.close(); // stops accepting connections, lets in-flight requests finish
  } finally {
    clearInterval(idle);
  }
  await open.stopBackups?.(); // a backup being sent finishes first
  await open.database?.close();
  await open.releaseLock?.();
}

const config = readConfig();
const starting = start(config);

async function stop(signal: NodeJS.Signals) {
  if (stopping) fail(`${signal} again: exiting without finishing in-flight requests.`);
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests, then stopping.`);
  setTimeout(() => fail(`Not stopped after ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway.`), SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await starting.catch(() => {}); // never close the database under a running migration
    await closeAll();
    console.log('Stopped.');
    process.exit(0);
  } catch (error) {
    fail(`Error while stopping: ${(error as Error).message}`);
  }
}
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));

starting.catch(async (error: Error) => {
  if (stopping) return;
  await closeAll().catch(() => {});
  fail(error.message.startsWith('Port ') ? error.message : `Could not start: ${error.stack ?? error.message}`);
});
