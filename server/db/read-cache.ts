import { writeCounterOf, type Db } from './client.js';

/**
 * Read-through caching of hot single-row reads, valid until the next write to the database.
 *
 * Any write, to any table, empties every cache (db/client.ts `writeCounterOf`), so an entry is
 * never older than the last change this process knows of: on embedded PGlite every change, on
 * PostgreSQL its own at once and other instances' as soon as their NOTIFY arrives (milliseconds
 * after their commit). While the database cannot vouch for the cache, `cachedRead` always asks it.
 *
 * Values are shared between requests: callers must not mutate them.
 */
/** How many pages of a board's list are kept (a page of 50 is about 25 KB). */
export const PAGES_KEPT = 200;
const MAX_PER_KIND = 10_000;
const caches = new WeakMap<Db, { writes: number; kinds: Map<string, Map<string, unknown>> }>();

export async function cachedRead<T>(
  db: Db, kind: string, key: string, load: () => Promise<T | undefined>,
  /** Fewer entries for large values (a list page): the oldest goes first. */
  { maxEntries = MAX_PER_KIND }: { maxEntries?: number } = {},
): Promise<T | undefined> {
  const counter = writeCounterOf(db);
  const writes = counter?.();
  if (writes === undefined) return load();
  let cache = caches.get(db);
  if (!cache || cache.writes !== writes) caches.set(db, (cache = { writes, kinds: new Map() }));
  let entries = cache.kinds.get(kind);
  if (!entries) cache.kinds.set(kind, (entries = new Map()));
  if (entries.has(key)) return entries.get(key) as T;

  const value = await load();
  // A write that ran while the row was read makes it stale at once: kept only if none did.
  if (value !== undefined && counter?.() === writes) {
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
  }
  return value;
}
