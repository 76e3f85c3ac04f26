// What a backup records of the database at its point, and what a restore checks against: every
// table's row count and a checksum of its rows, and the migration level. Computed by the same
// statements on PGlite and on PostgreSQL, inside the transaction that also dumps the data (the
// backup) or on the restored database (the restore).
import type { PgliteClient } from './pglite-thread.js';

/** One table at the backup's point. */
export interface TableState {
  /** `schema.table`, e.g. `public.needs`, `drizzle.__drizzle_migrations`. */
  table: string;
  rows: number;
  /**
   * The sum of the first 64 bits of every row's md5 (of the row as text), as a decimal: it does not
   * depend on the rows' order (a restored table's rows lie elsewhere on disk), and any changed,
   * missing or extra row changes it.
   */
  checksum: string;
}

export interface DatabaseState {
  /** The database's clock at the first statement: for a backup, its point. */
  takenAt: string;
  /** Every table, by name. */
  tables: TableState[];
  /** Drizzle's record of applied migrations (`drizzle.__drizzle_migrations`): how many, and the newest one's `when` (ms). */
  migrations: { applied: number; newestAt: number };
}

/** Runs one statement and answers its rows (a pg client's or PGlite transaction's `query`). */
export type RowQuery = (sql: string) => Promise<Array<Record<string, unknown>>>;

// A row's text depends on these session settings (timestamptz in the session's zone, dates and
// intervals in its style): fixed, so that a backup and a restore made under other settings agree.
// set_config(..., true) lasts until the transaction ends, as SET LOCAL; one statement on both drivers.
const SETTINGS = `SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS at,
  set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
  set_config('IntervalStyle', 'postgres', true), set_config('extra_float_digits', '1', true),
  set_config('bytea_output', 'hex', true)`;

// Ordinary tables of every schema but the system's (Need Spot's: public, and drizzle's own).
const TABLES = `SELECT n.nspname AS schema, c.relname AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
  ORDER BY 1, 2`;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The state of every table, read in the caller's transaction (it must be one: the settings above
 * last until its end, and every table must be read at the same point: PostgreSQL's REPEATABLE READ,
 * or PGlite, where nothing else runs meanwhile). One statement for all the tables.
 */
export async function readDatabaseState(query: RowQuery): Promise<DatabaseState> {
  const [{ at }] = await query(SETTINGS);
  const tables = (await query(TABLES)) as Array<{ schema: string; name: string }>;
  const counted = tables.length === 0 ? [] : await query(tables.map(({ schema, name }) => `SELECT ${literal(`${schema}.${name}`)} AS "table", count(*)::bigint::text AS rows,
    coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::bigint::numeric), 0)::text AS checksum
    FROM ${ident(schema)}.${ident(name)} AS t`).join('\nUNION ALL\n'));
  const state = counted.map((row) => ({ table: String(row.table), rows: Number(row.rows), checksum: String(row.checksum) }));
  let migrations = { applied: 0, newestAt: 0 };
  if (tables.some(({ schema, name }) => schema === 'drizzle' && name === '__drizzle_migrations')) {
    const [row] = await query('SELECT count(*)::int AS applied, coalesce(max(created_at), 0)::text AS newest FROM drizzle.__drizzle_migrations');
    migrations = { applied: Number(row.applied), newestAt: Number(row.newest) };
  }
  return { takenAt: new Date(Number(at)).toISOString(), tables: state.sort((a, b) => (a.table < b.table ? -1 : 1)), migrations };
}

/** What differs between a backup's tables and a restored database's, one sentence each (none: they are equal). */
export function compareTables(expected: readonly TableState[], actual: readonly TableState[]): string[] {
  const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
  const found = new Map(actual.map((table) => [table.table, table]));
  const differences: string[] = [];
  for (const want of expected) {
    const got = found.get(want.table);
    found.delete(want.table);
    if (!got) differences.push(`${want.table}: missing (the backup has ${rows(want.rows)})`);
    else if (got.rows !== want.rows) differences.push(`${want.table}: ${rows(got.rows)}, the backup has ${want.rows}`);
    else if (got.checksum !== want.checksum) differences.push(`${want.table}: ${rows(got.rows)} as in the backup, but other contents (checksum ${got.checksum}, the backup's ${want.checksum})`);
  }
  for (const extra of found.values()) differences.push(`${extra.table}: not in the backup (${rows(extra.rows)})`);
  return differences;
}

/** A backup's database part on PGlite: the state and the data directory, at one point. */
export interface PgliteSnapshot {
  state: DatabaseState;
  /** The data directory as one uncompressed tar (PGlite's dumpDataDir). */
  dump: ArrayBuffer;
}

/** The tables' state and the data directory's dump at the same point (PgliteClient.snapshot). */
export async function snapshotPglite(pglite: Pick<PgliteClient, 'snapshot'>): Promise<PgliteSnapshot> {
  const { read, dump } = await pglite.snapshot((tx) => readDatabaseState(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows));
  return { state: read, dump };
}
