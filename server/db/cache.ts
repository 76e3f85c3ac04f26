import type { Acknowledgements } from './changes.js';
import type { Db } from './client.js';

/**
 * Hot reads kept in memory, each under a name (`kind` and `key`: the session 'session' 'abc…', a
 * board's list pages 'needs-list') that the code which writes forgets (`forget`): a session on
 * logout, a user on a profile change, a board's pages on that board's writes. Nothing here reads
 * SQL: a write that forgets nothing leaves every kept value standing.
 *
 * With several server instances on one PostgreSQL database, the names forgotten are also sent to
 * the others (NOTIFY need_spot_cache, heard in db/changes.ts): in the writing transaction when there
 * is one, so they are told at its commit or not at all, and the transaction resolves once every
 * instance has acknowledged that it forgot them (the client's next read, on any instance, sees the
 * write). While an instance cannot hear them, it keeps
 * nothing, and it forgets everything once it hears again. An entry also lives at most MAX_AGE_MS: the
 * bound on a stale value should a notice be lost (a write outside a transaction whose notice fails
 * twice), or a row be changed by hand in the database.
 *
 * Values are shared between requests: callers must not mutate them.
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** What is kept (lib/sessions.ts, modules/users, lib/blocks.ts, lib/cached-reads.ts, modules/search). */
export type Kind = 'session' | 'user' | 'blocks' | 'needs-list' | 'events-list' | 'skills-list' | 'whispers-list' | 'search' | 'search-words';

interface Entry { value: unknown; until: number }

export interface Cache {
  /** The value kept under kind/key, or what `load` gives (kept unless undefined, or unless it was forgotten meanwhile). */
  read<T>(kind: string, key: string, load: () => Promise<T | undefined>, options?: { maxEntries?: number }): Promise<T | undefined>;
  /** `read` for several keys: the ones not kept are loaded together, by one call of `loadMany`. */
  readMany<T>(kind: string, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>>;
  /** Forgets kind/key (or every key of kind, or everything) in this instance. */
  forgetHere(kind?: string, key?: string): void;
  /** False while other instances' names cannot be heard: nothing is kept meanwhile. */
  trusted(): boolean;
}

export function createCache(trusted: () => boolean = () => true): Cache {
  const kinds = new Map<string, Map<string, Entry>>();
  // Moves on every forget of a kind: a value loaded while its kind was forgotten may be stale, and is not kept.
  const generations = new Map<string, number>();
  let generation = 0;
  const entriesOf = (kind: string) => {
    let entries = kinds.get(kind);
    if (!entries) kinds.set(kind, (entries = new Map()));
    return entries;
  };
  const generationOf = (kind: string) => `${generation}.${generations.get(kind) ?? 0}`;
  /** The kept value, made the most recently used (a Map iterates in insertion order: the least recently used is first out). */
  const hit = (entries: Map<string, Entry>, key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (entry.until < Date.now()) return undefined;
    entries.set(key, entry);
    return entry;
  };
  const keep = (kind: string, loadedIn: string, key: string, value: unknown, maxEntries: number) => {
    if (generationOf(kind) !== loadedIn || !trusted()) return;
    const entries = entriesOf(kind);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, until: Date.now() + MAX_AGE_MS });
  };
  return {
    trusted,
    forgetHere(kind, key) {
      if (kind === undefined) {
        generation += 1;
        kinds.clear();
        return;
      }
      generations.set(kind, (generations.get(kind) ?? 0) + 1);
      if (key === undefined) kinds.delete(kind);
      else kinds.get(kind)?.delete(key);
    },
    async read(kind, key, load, { maxEntries = MAX_ENTRIES } = {}) {
      if (!trusted()) return load();
      const kept = hit(entriesOf(kind), key);
      if (kept) return kept.value as never;
      const loadedIn = generationOf(kind);
      const value = await load();
      if (value !== undefined) keep(kind, loadedIn, key, value, maxEntries);
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
      const loadedIn = generationOf(kind);
      for (const [key, value] of await loadMany(missing)) {
        found.set(key, value as never);
        keep(kind, loadedIn, key, value, MAX_ENTRIES);
      }
      return found;
    },
  };
}

type Name = [kind: string, key?: string];
const nameOf = ([kind, key]: Name) => (key === undefined ? kind : `${kind}:${key}`);

/** NOTIFY's payload (at most 8,000 bytes): the names one per line, or past this size the kinds alone (each forgotten whole). */
const MAX_PAYLOAD = 7_000;
export function payloadOf(names: Name[]): string {
  const lines = [...new Set(names.map(nameOf))].join('\n');
  return lines.length <= MAX_PAYLOAD ? lines : [...new Set(names.map(([kind]) => kind))].join('\n');
}

/**
 * The names of a payload as sent by `payloadOf`: `kind` or `kind:key` (kinds have no colon), one per
 * line. A line starting with '#' is a marker (db/changes.ts, `heard`), not a name.
 */
export function parsePayload(payload: string): Name[] {
  return payload.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const colon = line.indexOf(':');
    return colon < 0 ? [line] : [line.slice(0, colon), line.slice(colon + 1)];
  });
}

/** The marker line of a payload (`#` and a random id), or undefined. */
export function markerOf(payload: string): string | undefined {
  return payload.split('\n').find((line) => line.startsWith('#'));
}

/**
 * Sends a payload of names to the other instances through `handle` (a transaction's: at its
 * commit); resolves to the other instances' listening connections (their backend pids, counted in
 * the same statement, db/client.ts).
 */
export type Tell = (payload: string, handle: Db) => Promise<number[]>;
/**
 * Starts waiting for the other instances' acknowledgements of a notice about to be sent, whose
 * payload ends with the wait's `marker` (db/changes.ts); undefined when they cannot be heard.
 */
export type Heard = () => Acknowledgements | undefined;

interface Database { cache: Cache; tell?: Tell; heard?: Heard }
const databases = new WeakMap<object, Database>();
/** What an open transaction leaves for its commit: the names to forget, and what to do after. */
interface Open { database: Database; names: Name[]; after: Array<() => void> }
const open = new WeakMap<object, Open>();

/**
 * Makes `cache` the one `db`'s reads keep in, and `tell` how other instances hear what it forgets
 * (db/client.ts, once per database; no `tell` on embedded PGlite, where this process is alone).
 */
export function attachCache(db: Db, cache: Cache, tell?: Tell, heard?: Heard) {
  const database = { cache, tell, heard };
  databases.set(db, database);
  onCommit(db, database);
}

/**
 * Wraps `handle.transaction` so that the names forgotten inside a transaction are told to the other
 * instances in it (at its commit) and forgotten here once it has committed: forgotten at once, a value
 * read meanwhile (still the committed one) would be kept, stale from the commit on. A rolled-back
 * transaction forgets nothing. A transaction within one (a savepoint) leaves all to the outer one.
 */
function onCommit(handle: Db, database: Database, outer?: Open) {
  const transaction = handle.transaction.bind(handle) as (run: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  handle.transaction = (async (run: (tx: Db) => Promise<unknown>, config?: unknown) => {
    const mine: Open = outer ?? { database, names: [], after: [] };
    let heard: ReturnType<Heard> | undefined;
    const result = await transaction(async (tx) => {
      open.set(tx, mine);
      onCommit(tx, database, mine);
      try {
        const value = await run(tx);
        if (!outer && mine.names.length > 0 && database.tell) {
          // Every write's commit waits for the other instances to forget what it changed: the
          // client's next read, whichever instance answers it, sees the write. Alone, it waits for none.
          heard = database.heard?.();
          heard?.expect(await database.tell(withMarker(payloadOf(mine.names), heard?.marker), tx));
        }
        return value;
      } catch (error) {
        heard?.expect([]);
        throw error;
      } finally {
        open.delete(tx);
      }
    }, config).catch((error: unknown) => {
      heard?.expect([]); // a failed commit sent no notice
      throw error;
    });
    if (!outer) {
      for (const [kind, key] of mine.names) database.cache.forgetHere(kind, key);
      // The notice goes out at the commit: acknowledged after it, never inside the transaction.
      // What waits for the commit (closing a revoked session's sockets, plugins/sessions.ts) also
      // waits for this: a socket reconnecting at once to another instance finds the session forgotten.
      await heard?.settled;
      for (const then of mine.after) then();
    }
    return result;
  }) as Db['transaction'];
}

// Names forgotten outside a transaction, told together at the end of the current turn (a write that
// forgets three names sends one notice); tried twice, then left to the entries' age. Each caller gets
// the notice's acknowledgement by the other instances (`Heard`) to wait for, as a transaction's
// commit waits for its own.
const queued = new WeakMap<Database, { names: Name[]; settled: Promise<void> }>();
function tellSoon(db: Db, database: Database, name: Name): Promise<void> {
  const { tell, heard } = database;
  if (!tell) return Promise.resolve();
  const batch = queued.get(database);
  if (batch) {
    batch.names.push(name);
    return batch.settled;
  }
  const names = [name];
  const settled = new Promise<void>((resolve) => {
    queueMicrotask(() => {
      queued.delete(database);
      // Waited for before the notice is sent: outside a transaction it is delivered as it is sent.
      const acknowledged = heard?.();
      const payload = withMarker(payloadOf(names), acknowledged?.marker);
      void tell(payload, db).catch(() => tell(payload, db)).catch(() => []).then((others) => {
        acknowledged?.expect(others);
        return acknowledged?.settled;
      }).then(resolve);
    });
  });
  queued.set(database, { names, settled });
  return settled;
}

/** The cache `db` keeps its reads in (none for a transaction: reads in one are never kept). */
export function cacheOf(db: Db): Cache | undefined {
  return databases.get(db)?.cache;
}

/** `cache.read` on db's cache, or a plain load where it has none (a transaction). */
export function cachedRead<T>(db: Db, kind: Kind, key: string, load: () => Promise<T | undefined>, options?: { maxEntries?: number }) {
  const cache = cacheOf(db);
  return cache ? cache.read(kind, key, load, options) : load();
}

/** `cache.readMany` on db's cache, or a plain load. */
export function cachedReadMany<T>(db: Db, kind: Kind, keys: string[], loadMany: (missing: string[]) => Promise<Map<string, T>>) {
  const cache = cacheOf(db);
  return cache ? cache.readMany(kind, keys, loadMany) : loadMany(keys);
}

/**
 * Forgets kind/key (or the whole kind) here and on the other instances: at once, or when `db` is a
 * transaction's handle, once it commits. Outside a transaction, resolves once the other instances
 * have forgotten it too (or after the bound, db/changes.ts): a write awaits it before answering, so
 * that the client's next read sees the write whichever instance answers. In a transaction it
 * resolves at once, and the transaction's commit is what waits.
 */
export function forget(db: Db, kind: Kind, key?: string): Promise<void> {
  const transaction = open.get(db);
  if (transaction) {
    transaction.names.push([kind, key]);
    return Promise.resolve();
  }
  const database = databases.get(db);
  if (!database) return Promise.resolve();
  database.cache.forgetHere(kind, key);
  return tellSoon(db, database, [kind, key]);
}

const withMarker = (payload: string, marker: string | undefined) => (marker ? `${payload}\n${marker}` : payload);

/** Runs `then` now, or when `db` is a transaction's handle, once it has committed (never if it rolls back). */
export function afterCommit(db: Db, then: () => void) {
  const transaction = open.get(db);
  if (transaction) transaction.after.push(then);
  else then();
}
