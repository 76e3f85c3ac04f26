import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { defaultDatabasePoolSize } from '../config.js';
import * as schema from './schema.js';
import { startPgliteThread, type PgliteClient } from './pglite-thread.js';
import { takingTurns } from './turns.js';

/** What services query: the common ground of the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a `db.execute()` answer, typed as the caller knows them (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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
  /** The most connections to that server at once (config's DATABASE_POOL_SIZE; by default its default). */
  poolSize?: number;
  /** PGlite keeps its files in DATA_DIR/pglite. */
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** A PGlite instance made by the caller with `pgliteOptions()` (tests make theirs outside Jest's sandbox). */
  pglite?: PGlite;
  /**
   * PGlite in DATA_DIR on a thread of its own (db/pglite-thread.ts): the URL of db/pglite-worker.mjs,
   * which the caller finds relative to itself (it sits next to the built server too). The server
   * and the benches pass it; without it, PGlite runs on this thread.
   */
  pgliteWorker?: URL;
  /** With `pgliteWorker`: told if that thread stops without being closed (every statement fails from then on). */
  onLost?: (error: Error) => void;
}

/**
 * A counter that moves with every write this database sees, so hot reads can be cached until the
 * next write (db/read-cache.ts). It answers undefined while no cached read may be trusted.
 *
 * - Embedded PGlite: this process is the database's only client (the data directory is locked), so
 *   counting its own statements that are not a plain SELECT sees every write (but those to
 *   UNCACHED_TABLES alone, which no cached read depends on).
 * - PostgreSQL: other instances write too. Its own writes are counted the same way (read-your-writes
 *   at once), and every committed write anywhere raises NOTIFY need_spot_changes (migration 0004's
 *   triggers), heard on a connection of its own. While that connection is down the counter answers
 *   undefined: nothing is cached, and the cache is emptied when it is back.
 */
type WriteCounter = () => number | undefined;
const writeCounters = new WeakMap<object, WriteCounter>();
export const writeCounterOf = (db: Db): WriteCounter | undefined => writeCounters.get(db);

// The parsers drizzle passes with every PGlite query (timestamps, dates and intervals stay text for
// drizzle to map). PGlite merges a query's parsers into its whole table on every call, a cost paid
// per query: installed once at creation instead, and dropped from each query (`pgliteClient`).
// By type OID: timestamp, timestamptz, interval, date, then numeric[] and the four types' arrays.
const keepText = (value: string) => value;
const textTypes = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const drizzleParsers = Object.fromEntries(textTypes.map((oid) => [oid, keepText]));

// PGlite and its drizzle driver are loaded only by a server that embeds the database: one on
// PostgreSQL never runs them, and would keep their modules in memory for nothing.
const pgliteModules = () => Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);

/**
 * Options every PGlite instance given to `createDatabase` must be created with: the parsers above,
 * and pg_trgm (migration 0003 creates the extension; PGlite loads only the extensions named here).
 */
export async function pgliteOptions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { parsers: drizzleParsers, extensions: { pg_trgm } };
}

const isRead = (query: string) => /^\s*select\b/i.test(query);

/**
 * Tables no cached read depends on (db/read-cache.ts keeps users, sessions, board and whisper list
 * pages, searches and search words): a statement that writes only these leaves the caches standing,
 * here and on the other instances. Messages and notifications are written many times a second on a
 * busy server; if each emptied the caches, every request would look its session up again. A cached
 * read of one of these tables must take it off this list.
 */
export const UNCACHED_TABLES: ReadonlySet<string> = new Set(['messages', 'notifications']);

// The tables a statement writes (`on conflict do update` names no table, and is not one); a quoted
// name keeps its case, an unquoted one is folded as Postgres folds it.
const writeTargets = /\b(?<!\bdo\s+)(?:insert\s+into|update|delete\s+from)\s+(?:"([^"]+)"|(\w+))/gi;
// Statements that write without those words.
const otherWrites = /\b(?:merge|copy|call|truncate)\b/i;

/** A plain SELECT, or a statement writing only tables no cache reads (anything unrecognised counts as a write). */
export function leavesCaches(query: string): boolean {
  if (isRead(query)) return true;
  if (otherWrites.test(query)) return false;
  const targets = Array.from(query.matchAll(writeTargets), ([, quoted, bare]) => quoted ?? bare.toLowerCase());
  return targets.length > 0 && targets.every((table) => UNCACHED_TABLES.has(table));
}

/** The PGlite client drizzle talks to: per-query parsers dropped, writes counted, statements and transactions taking turns (`turn`: db/turns.ts in this thread, none needed on its own). */
function pgliteClient(client: PgliteClient, counted: { writes: number }, turn: ReturnType<typeof takingTurns>): PGlite {
  type QueryOptions = Parameters<PGlite['query']>[2];
  const withoutParsers = (options: QueryOptions) => (options?.parsers ? { ...options, parsers: undefined } : options);
  const wrapTx = (tx: Transaction): Transaction => new Proxy(tx, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          counted.writes++;
          return target.query(query, params, withoutParsers(options));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  // Typed as the PGlite drizzle takes: of it, drizzle calls only query and transaction.
  return new Proxy(client as PGlite, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          if (!leavesCaches(query)) counted.writes++;
          return turn(() => target.query(query, params, withoutParsers(options)));
        };
      }
      if (property === 'exec' || property === 'transaction') {
        return async (...args: unknown[]) => {
          counted.writes++;
          const run = turn(() => (property === 'transaction'
            ? target.transaction((tx) => (args[0] as (tx: Transaction) => Promise<unknown>)(wrapTx(tx)))
            : target.exec(...(args as Parameters<PGlite['exec']>))));
          try {
            return await run;
          } finally {
            counted.writes++; // the transaction's writes are visible from here
          }
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? defaultDatabasePoolSize() });
    // An idle client that loses its connection emits 'error' on the pool; without a listener it crashes the process.
    pool.on('error', () => {});
    const counted = { writes: 0 };
    const changes = listenForChanges(options.databaseUrl, (table) => {
      if (table === undefined || !UNCACHED_TABLES.has(table)) counted.writes++;
    });
    const db = drizzlePg({ client: countingPool(pool, counted), schema });
    writeCounters.set(db, () => (changes.live ? counted.writes : undefined));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migrateWithLock(pool, migrationsFolder),
      close: async () => {
        await changes.stop();
        await pool.end();
      },
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await pgliteModules();
  let client: PgliteClient;
  let threaded = false;
  if (options.pglite) {
    client = options.pglite;
  } else if (options.memory || !options.dataDir) {
    client = await PGlite.create(await pgliteOptions());
  } else {
    // PGlite's NodeFS creates only the last path segment (a non-recursive mkdir).
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    threaded = options.pgliteWorker !== undefined;
    client = options.pgliteWorker ? await startPgliteThread(options.pgliteWorker, dir, textTypes, options.onLost) : await PGlite.create(dir, await pgliteOptions());
  }
  const counted = { writes: 0 };
  // On its own thread PGlite serves statements in the order they were sent, and the event loop here
  // is free to read requests meanwhile: what the turns do for it in this thread (db/turns.ts).
  const turn = threaded ? <T>(run: () => Promise<T>) => run() : takingTurns();
  const db = drizzlePglite({ client: pgliteClient(client, counted, turn), schema });
  writeCounters.set(db, () => counted.writes);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    // After the statements already waiting for their turn, which would otherwise fail on a closed database.
    close: () => turn(() => client.close()),
  };
}

type Queryable = Pick<pg.PoolClient, 'query'>;
const statementText = (query: unknown) => (typeof query === 'string' ? query : (query as { text?: string } | undefined)?.text ?? '');

/** A pg client or pool whose statements that may change a cached read (`leavesCaches`) move `counted` before and after. */
function countingQueries<T extends Queryable>(target: T, counted: { writes: number }, also: Partial<Record<PropertyKey, unknown>> = {}): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') {
        return async (...args: Parameters<Queryable['query']>) => {
          if (leavesCaches(statementText(args[0]))) return (object.query as (...a: unknown[]) => unknown)(...args);
          counted.writes++;
          try {
            return await (object.query as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            counted.writes++; // committed (or, in a transaction, to be committed by a later counted COMMIT)
          }
        };
      }
      if (property in also) return also[property];
      const value = Reflect.get(object, property, object) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The pool drizzle talks to: its queries, and those of the clients it checks out for transactions, counted. */
function countingPool(pool: pg.Pool, counted: { writes: number }): pg.Pool {
  const connect = async () => countingQueries(await pool.connect(), counted);
  return countingQueries(pool, counted, { connect });
}

const RELISTEN_MS = 1_000;

/**
 * LISTEN need_spot_changes on a connection of its own, reconnecting after a loss; `live` only while
 * listening. Every notice calls `onChange` with the table written (the notice's payload), and every
 * (re)connection with none (anything may have changed).
 */
function listenForChanges(connectionString: string, onChange: (table?: string) => void) {
  const state = { live: false, stop: async () => {} };
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = (which: pg.Client) => {
    if (which !== client) return;
    state.live = false;
    client = undefined;
    which.end().catch(() => {});
    if (!stopped) timer = setTimeout(connect, RELISTEN_MS);
  };
  function connect() {
    const current = (client = new pg.Client({ connectionString }));
    current.on('notification', (notice) => onChange(notice.payload || undefined));
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.connect()
      .then(() => current.query('LISTEN need_spot_changes'))
      .then(() => {
        if (current !== client) return;
        onChange(); // whatever was written while nobody listened
        state.live = true;
      })
      .catch(() => lost(current));
  }
  connect();
  state.stop = async () => {
    stopped = true;
    state.live = false;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
  return state;
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
