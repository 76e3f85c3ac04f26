import type { Db } from './client.js';

/**
 * Hot reads kept in memory, each under a name (`kind` and `key`: the session 'session' 'abc…', a
 * board's list pages 'needs-list') that the code which writes forgets (`forget`): a session on
 * logout, a user on a profile change, a board's pages on that board's writes. Nothing here reads
 * SQL: a write that forgets nothing leaves every kept value standing.
 *
 * With several server instances on one PostgreSQL database, a forgotten name is also sent to the
 * others (NOTIFY need_spot_cache, db/changes.ts), who forget it within milliseconds. While that
 * channel is down, nothing is kept, and everything is forgotten when it is back. An entry also lives
 * at most MAX_AGE_MS: the bound on a stale value should a notice be lost (an instance stopping between
 * its commit and its notice).
 *
 * Values are shared between requests: callers must not mutate them.
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry { value: unknown; until: number }

export interface Cache {
  /** The value kept under kind/key, or what `load` gives (kept unless undefined, or unless it was forgotten meanwhile). */
  read<T>(kind: string, key: string, load: () => Promise<T | undefined>, options?: { maxEntries?: number }): Promise<T | undefined>;
  /** `read` for several keys: the ones not kept are loaded together, by one call of `loadMany`. */
  readMany<T>(kind: string, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>>;
  /** Forgets kind/key (or every key of kind), here and on the other instances. */
  forget(kind: string, key?: string): void;
  /** Forgets as told by another instance (or everything, with no name). */
  forgetHere(kind?: string, key?: string): void;
  /** False while other instances' notices cannot be heard: nothing is kept meanwhile. */
  trusted: () => boolean;
}

/** `tell` sends a forgotten name to the other instances (none on embedded PGlite). */
export function createCache(tell: (name: string) => void = () => {}, trusted: () => boolean = () => true): Cache {
  const kinds = new Map<string, Map<string, Entry>>();
  // Moves on every forget of a kind: a value loaded while its kind was forgotten may be stale, and is not kept.
  const generations = new Map<string, number>();
  const entriesOf = (kind: string) => {
    let entries = kinds.get(kind);
    if (!entries) kinds.set(kind, (entries = new Map()));
    return entries;
  };
  /** The kept value, made the most recently used (a Map iterates in insertion order: the least recently used is first out). */
  const hit = (entries: Map<string, Entry>, key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.until < Date.now()) return undefined;
    entries.set(key, entry);
    return entry;
  };
  const keep = (kind: string, generation: number | undefined, key: string, value: unknown, maxEntries: number) => {
    if (generations.get(kind) !== generation || !trusted()) return;
    const entries = entriesOf(kind);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, until: Date.now() + MAX_AGE_MS });
  };
  const forgetHere = (kind?: string, key?: string) => {
    if (kind === undefined) {
      for (const name of kinds.keys()) generations.set(name, (generations.get(name) ?? 0) + 1);
      kinds.clear();
      return;
    }
    generations.set(kind, (generations.get(kind) ?? 0) + 1);
    if (key === undefined) kinds.delete(kind);
    else kinds.get(kind)?.delete(key);
  };
  return {
    trusted,
    forgetHere,
    forget(kind, key) {
      forgetHere(kind, key);
      tell(key === undefined ? kind : `${kind}:${key}`);
    },
    async read(kind, key, load, { maxEntries = MAX_ENTRIES } = {}) {
      if (!trusted()) return load();
      const kept = hit(entriesOf(kind), key);
      if (kept) return kept.value as never;
      const generation = generations.get(kind);
      const value = await load();
      if (value !== undefined) keep(kind, generation, key, value, maxEntries);
      return value;
    },
    async readMany(kind, keys, loadMany) {
      if (!trusted()) return loadMany(keys);
      const entries = entriesOf(kind);
      const found = new Map<string, never>();
      const missing = keys.filter((key) => {
        const kept = hit(entries, key);
        if (kept) found.set(key, kept.value as never);
        return !kept;
      });
      if (missing.length === 0) return found;
      const generation = generations.get(kind);
      for (const [key, value] of await loadMany(missing)) {
        found.set(key, value as never);
        keep(kind, generation, key, value, MAX_ENTRIES);
      }
      return found;
    },
  };
}

/** A name as sent to other instances: `kind` or `kind:key` (kinds have no colon). */
export function parseName(name: string): [kind: string, key?: string] {
  const colon = name.indexOf(':');
  return colon < 0 ? [name] : [name.slice(0, colon), name.slice(colon + 1)];
}

const caches = new WeakMap<object, Cache>();
/** Names forgotten inside an open transaction, forgotten once it commits (until then the old values are the truth). */
type Name = [kind: string, key?: string];
const pending = new WeakMap<object, Name[]>();

/** Makes `cache` the one `db`'s reads keep in (db/client.ts, once per database). */
export function attachCache(db: Db, cache: Cache) {
  caches.set(db, cache);
  forgetAfterCommit(db, cache);
}

/**
 * Wraps `handle.transaction` so that a name forgotten inside a transaction is forgotten once it
 * commits: forgotten at once, a value read meanwhile (still the committed one) would be kept, stale
 * from the commit on. A transaction within one (a savepoint) leaves its names to the outer one.
 */
function forgetAfterCommit(handle: Db, cache: Cache, outer?: Name[]) {
  const transaction = handle.transaction.bind(handle) as (run: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  handle.transaction = (async (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
    const names = outer ?? [];
    const result = await transaction((tx) => {
      pending.set(tx, names);
      forgetAfterCommit(tx, cache, names);
      return run(tx);
    }, config);
    if (!outer) for (const [kind, key] of names) cache.forget(kind, key);
    return result;
  }) as Db['transaction'];
}

/** The cache `db` keeps its reads in (none for a transaction: reads in one are never kept). */
export function cacheOf(db: Db): Cache | undefined {
  return caches.get(db);
}

/** `cache.read` on db's cache, or a plain load where it has none. */
export function cachedRead<T>(db: Db, kind: string, key: string, load: () => Promise<T | undefined>, options?: { maxEntries?: number }) {
  const cache = caches.get(db);
  return cache ? cache.read(kind, key, load, options) : load();
}

/** `cache.readMany` on db's cache, or a plain load. */
export function cachedReadMany<T>(db: Db, kind: string, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, T>>) {
  const cache = caches.get(db);
  return cache ? cache.readMany(kind, keys, loadMany) : loadMany(keys);
}

/** Forgets kind/key (or the whole kind) in db's cache; in a transaction (`db` is its handle), once it commits. */
export function forget(db: Db, kind: string, key?: string) {
  const names = pending.get(db);
  if (names) names.push([kind, key]);
  else caches.get(db)?.forget(kind, key);
}
