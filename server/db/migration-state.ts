import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * When the newest committed migration was generated (drizzle-kit's journal, `when` in ms): the
 * database is migrated when drizzle's own table records a migration at least that new.
 */
export function newestMigrationAt(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

// Both drivers (PGlite's Results, node-postgres' QueryResult) answer a raw query with `rows`.
const rowsOf = async <Row>(query: Promise<unknown>) => ((await query) as { rows: Row[] }).rows;

/** The newest migration the database has applied (0 when none, or before drizzle's table exists). */
export async function appliedMigrationAt(db: Db): Promise<number> {
  const [table] = await rowsOf<{ name: string | null }>(db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`));
  if (!table?.name) return 0;
  const [applied] = await rowsOf<{ at: string | number | null }>(db.execute(sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`));
  return Number(applied?.at ?? 0);
}
