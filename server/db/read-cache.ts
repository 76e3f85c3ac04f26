import { writeCounterOf, type Db } from './client.js';

/**
 * Read-through caching of hot single-row reads, valid until the next write to the database.
 *
 * Any write, to any table but those no cached read depends on (db/client.ts `UNCACHED_TABLES`:
 * messages and notifications), empties every cache (db/client.ts `writeCounterOf`), so an entry is
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

/** The entries of `kind` that are true as of the current write count, or undefined while nothing may be cached. */
function entriesOf(db: Db, kind: string) {
  const counter = writeCounterOf(db);
  const writes = counter?.();
  if (writes === undefined) return undefined;
  let cache = caches.get(db);
  if (!cache || cache.writes !== writes) caches.set(db, (cache = { writes, kinds: new Map() }));
  let entries = cache.kinds.get(kind);
  if (!entries) cache.kinds.set(kind, (entries = new Map()));
  // A write that ran while a value was read makes it stale at once: kept only if none did.
  const keep = (key: string, value: unknown, maxEntries: number) => {
    if (counter?.() !== writes) return;
    // Full: the least recently used goes.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, value);
  };
  /** The kept value, made the most recently used (a Map iterates in insertion order, so the least recently used is first out). */
  const hit = <T>(key: string): { value: T } | undefined => {
    if (!entries.has(key)) return undefined;
    const value = entries.get(key) as T;
    entries.delete(key);
    entries.set(key, value);
    return { value };
  };
  return { entries, keep, hit };
}

export async function cachedRead<T>(
  db: Db, kind: string, key: string, load: () => Promise<T | undefined>,
  /** Fewer entries for large values (a list page): the least recently used goes first. */
  { maxEntries = MAX_PER_KIND }: { maxEntries?: number } = {},
): Promise<T | undefined> {
  const cache = entriesOf(db, kind);
  if (!cache) return load();
  const kept = cache.hit<T>(key);
  if (kept) return kept.value;
  const value = await load();
  if (value !== undefined) cache.keep(key, value, maxEntries);
  return value;
}

/**
 * `cachedRead` for several keys at once: the ones not kept are loaded together by one call of
 * `loadMany` (one query for all of them), which answers a value for each key it is given.
 */
export async function cachedReadMany<T>(
  db: Db, kind: string, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const cache = entriesOf(db, kind);
  if (!cache) return loadMany(keys);
  const found = new Map<string, T>();
  const missing: string[] = [];
  for (const key of keys) {
    const kept = cache.hit<T>(key);
    if (kept) found.set(key, kept.value);
    else missing.push(key);
  }
  if (missing.length === 0) return found;
  for (const [key, value] of await loadMany(missing)) {
    found.set(key, value);
    cache.keep(key, value, MAX_PER_KIND);
  }
  return found;
}
