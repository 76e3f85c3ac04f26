import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import * as schema from './schema.js';

// Instances starting together must not apply the same migration twice: hold a session-level
// advisory lock on one connection while the migrator runs on that same connection.
const MIGRATION_LOCK = 7_316_402;

/** Applies the committed SQL migrations (server/db/migrations) a PostgreSQL database has not applied yet. */
export async function migrateWithLock(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
