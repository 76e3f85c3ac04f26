import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client.js';

declare global {
  // Set by server/test/pglite-environment.cjs.
  var __PGLITE_TEMPLATE__: { get(): ArrayBuffer | undefined; set(dump: ArrayBuffer): void } | undefined;
}

// Jest runs the server tests as CommonJS (babel-jest), where __dirname exists; main.ts uses import.meta.
export const migrationsFolder = path.join(__dirname, '..', 'db', 'migrations');
/** Embedded PGlite's thread, as the server runs it (db/pglite-thread.ts). */
export const pgliteWorker = pathToFileURL(path.join(__dirname, '..', 'db', 'pglite-worker.mjs'));

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty database for one test file: PGlite in memory on its thread, as the server runs
 * it, by default; with TEST_DATABASE_URL (CI's PostgreSQL pass) a fresh `ns_test_<random>` database
 * on that server, dropped on close, so test files running in parallel never share one.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = globalThis.__PGLITE_TEMPLATE__;
    const dump = template?.get();
    // A copy: the thread takes the one it is given. VACUUM and ANALYZE only when a test asks
    // (`pglite.maintain()`, db/pglite-thread.test.ts): at a moment of their own they would change the
    // statistics, and with them the plans, in the middle of a test.
    if (dump) return createDatabase({ pgliteWorker, dump: dump.slice(0), maintenanceMs: 0 });
    const database = await createDatabase({ pgliteWorker, maintenanceMs: 0 });
    await database.migrate(migrationsFolder);
    template?.set(await database.pglite!.dump());
    return database;
  }
  const name = `ns_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString() });
  await database.migrate(migrationsFolder);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
