import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, pgliteOptions, type Database } from '../db/client.js';

declare global {
  // Set by server/test/pglite-environment.cjs.
  var __PGLITE__: typeof PGlite | undefined;
  var __PGLITE_TEMPLATE__: { get(): Blob | undefined; set(dump: Blob): void } | undefined;
}

// Jest runs the server tests as CommonJS (babel-jest), where __dirname exists; main.ts uses import.meta.
export const migrationsFolder = path.join(__dirname, '..', 'db', 'migrations');

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
 * A migrated, empty database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL
 * (CI's PostgreSQL pass) a fresh `ns_test_<random>` database on that server, dropped on close, so
 * test files running in parallel never share one.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!globalThis.__PGLITE__) {
      throw new Error('Run the server tests in server/test/pglite-environment.cjs (jest.config.ts does)');
    }
    const template = globalThis.__PGLITE_TEMPLATE__;
    const dump = template?.get();
    if (dump) return createDatabase({ memory: true, pglite: await globalThis.__PGLITE__.create({ ...(await pgliteOptions()), loadDataDir: dump }) });
    const pglite = await globalThis.__PGLITE__.create(await pgliteOptions());
    const database = await createDatabase({ memory: true, pglite });
    await database.migrate(migrationsFolder);
    template?.set(await pglite.dumpDataDir('none'));
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
