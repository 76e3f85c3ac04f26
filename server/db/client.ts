import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { defaultDatabasePoolSize } from '../config.js';
import { attachCache, createCache } from './cache.js';
import { CACHE_CHANNEL, LISTENER_NAME, listenForForgets } from './changes.js';
import { migrateWithLock } from './migrate.js';
import { startPgliteThread, type PgliteClient } from './pglite-thread.js';
import * as schema from './schema.js';
import { sql, type SQL } from 'drizzle-orm';

/** How long a query waits for a connection of the pool (see `createDatabase`). */
export const CONNECTION_TIMEOUT_MS = 5_000;

/** What services query: the common ground of the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * `db.execute(query)` as a named prepared statement: each connection parses and plans it once, the
 * first time it runs there, and then only binds the parameters. For a statement whose text never
 * changes (its values all parameters: arrays for lists), run often (messages/service.ts). On
 * embedded PGlite the name is not used: the statement runs as `db.execute` runs it.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  // drizzle's own `execute`, given the name its query builders pass for `.prepare(name)`.
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(sql: SQL): unknown };
    session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
  };
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/** The rows of a `db.execute()` answer, typed as the caller knows them (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (server/db/migrations) not applied yet. */
  migrate(migrationsFolder: string): Promise<void>;
  /** Embedded PGlite only: its thread (VACUUM/ANALYZE now, a dump of the database). */
  pglite?: PgliteClient;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  /** A PostgreSQL server (DATABASE_URL). */
  databaseUrl: string;
  /** The most connections to that server at once (config's DATABASE_POOL_SIZE; by default its default). */
  poolSize?: number;
  /** How long a query waits for a connection; CONNECTION_TIMEOUT_MS unless a test shortens it. */
  connectionTimeoutMs?: number;
} | {
  databaseUrl?: undefined;
  /** db/pglite-worker.mjs, which the caller finds relative to itself (it sits next to the built server too). */
  pgliteWorker: URL;
  /** PGlite keeps its files in DATA_DIR/pglite; in memory when unset (tests). */
  dataDir?: string;
  /** In memory: start from this database (tests: a migrated one, from `pglite.dump()`); handed over to the thread, unusable here after. */
  dump?: ArrayBuffer;
  /** How often PGlite's thread checks for due VACUUM/ANALYZE (db/pglite-worker.mjs); default 30 s. */
  maintenanceMs?: number;
  /** Told if PGlite's thread stops without being closed (every statement fails from then on). */
  onLost?: (error: Error) => void;
};

/**
 * The database the server runs on: a PostgreSQL server (a pool of connections, and one more that
 * hears the names other instances forget), or embedded PGlite on a thread of its own. Both come with
 * a cache of hot reads (db/cache.ts).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultDatabasePoolSize(),
      // A request waits at most this long for a connection (a free one, or a new one to a database
      // that does not answer), then fails as the database being unavailable: 503 (plugins/errors.ts),
      // never a request that hangs. node-postgres' default is to wait for ever.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
    });
    // An idle client that loses its connection emits 'error' on the pool; without a listener it crashes the process.
    pool.on('error', () => {});
    // A client lent out (a transaction's, between or during its statements) has no listener of the
    // pool's: when the database ends its connection (a stop, a failover, pg_terminate_backend),
    // node-postgres emits 'error' on the client itself, which stopped the whole server. Heard here,
    // the error still fails the transaction's statements (503, plugins/errors.ts), and the pool drops
    // the broken client when it is given back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const cache = createCache(() => listening.live);
    const listening = listenForForgets(options.databaseUrl, cache, options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // The notice, and in the same statement how many other instances listen (the acknowledgements
    // to wait for, db/changes.ts): no round trip of its own, and none to wait for when alone.
    const tell = async (payload: string, handle: Db) => {
      const [row] = rowsOf<{ others: number[] }>(await handle.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload}),
        (SELECT coalesce(array_agg(pid), '{}') FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME}
           AND datname = current_database() AND pid <> ${listening.pid}) AS others`));
      return row.others;
    };
    attachCache(db, cache, tell, listening.heard);
    return {
      db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migrateWithLock(pool, migrationsFolder),
      close: async () => {
        await listening.stop();
        await pool.end();
      },
    };
  }
  // PGlite and its drizzle driver are loaded only by a server that embeds the database: one on
  // PostgreSQL never runs them, and would keep their modules in memory for nothing.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  let dir: string | undefined;
  if (options.dataDir) {
    // PGlite's NodeFS creates only the last path segment (a non-recursive mkdir).
    dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
  }
  const pglite = await startPgliteThread(options.pgliteWorker, { dir, dump: options.dump, maintenanceMs: options.maintenanceMs, onLost: options.onLost });
  // Typed as the PGlite drizzle takes: of it, drizzle calls only query and transaction.
  const db = drizzlePglite({ client: pglite as never, schema }) as unknown as Db;
  attachCache(db, createCache());
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: (migrationsFolder) => migratePglite(db as never, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
