import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** What services query: the common ground of the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (server/db/migrations) not applied yet. */
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; when unset, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite keeps its files in DATA_DIR/pglite. */
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** A PGlite instance made by the caller (tests make theirs outside Jest's sandbox). */
  pglite?: PGlite;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its connection emits 'error' on the pool; without a listener it crashes the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migrateWithLock(pool, migrationsFolder),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.pglite) {
    client = options.pglite;
  } else if (options.memory || !options.dataDir) {
    client = await PGlite.create();
  } else {
    // PGlite's NodeFS creates only the last path segment (a non-recursive mkdir).
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

// Instances starting together must not apply the same migration twice: hold a session-level
// advisory lock on one connection while the migrator runs on that same connection.
const MIGRATION_LOCK = 7_316_402;
async function migrateWithLock(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
