import type { IDBPDatabase } from 'idb';
import { afterFirstScreen } from '../lib/after-first-screen';
import type { OfflineDb } from './offline-db';

/**
 * What a signed-in member has seen, kept in IndexedDB so it stays readable with no connection, also
 * after a reload: every signed-in API answer is `Cache-Control: no-store`, so the service worker
 * keeps none of them; the SPA keeps the answers of the endpoints below itself. Each entry is keyed by
 * the member and the request, so one member's entries can never answer another's requests, and
 * `clearOfflineData` (every way a session ends) empties the whole database.
 */

/** The queries whose answers are kept: the member's conversations, trips, the boards and their details, profiles. */
export const KEPT_ENDPOINTS: ReadonlySet<string> = new Set([
  'getInbox', 'getConversation',
  'getMyTrips',
  'getNeeds', 'getNeed',
  'getEvents', 'getEvent', 'getMyEvents', 'getEventAttendees',
  'getSkills', 'getSkill',
  'getWhispers', 'getWhisper', 'getWhisperProfile', 'getComments',
  'getUser',
]);

/** Entries kept per member and endpoint (each list search and page, each detail opened); the oldest go first. */
export const ENTRIES_PER_ENDPOINT = 40;

export interface StoredAnswer {
  /** `${member} ${request}`: one entry per member and request. */
  id: string;
  member: string;
  endpoint: string;
  body: unknown;
  savedAt: number;
}

/** An action waiting for the connection (offline-queue.ts). */
export interface StoredAction {
  /** Its place in line (when the member acted, made unique): the queue goes out in this order. */
  order: number;
  member: string;
  /** The Idempotency-Key made when the member acted; every attempt sends it. */
  key: string;
  endpoint: string;
  args: Record<string, unknown>;
  at: number;
}

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;
/** Raised by every clear: a write begun before it (an answer arriving late) is not made after it. */
let generation = 0;

/** IndexedDB where there is one (not in a private window of some browsers, nor under jest without fake-indexeddb). */
export const offlineStorageAvailable = () => typeof indexedDB !== 'undefined';

/**
 * The database, opened on first use, once the first screen is drawn (afterFirstScreen): a member's
 * page load neither fetches its code nor opens it beside the page's own chunks and data (keeping an
 * answer, reading the waiting actions can wait that long). Its opening code (idb) is a chunk of its
 * own: a visitor, whose answers are never kept, never downloads it.
 * The service worker precaches it with every other chunk, so it loads with no connection too.
 */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= afterFirstScreen().then(() => import('./offline-db')).then(({ openOfflineDb }) => openOfflineDb()).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export const clearGeneration = () => generation;

/**
 * Runs `write` unless a clear came since `since`. The check and the start of the write's
 * transaction happen in one turn, so a write either comes after no clear or lands before it.
 */
export async function unlessCleared(since: number, write: (db: IDBPDatabase<OfflineDb>) => Promise<unknown>): Promise<boolean> {
  if (!offlineStorageAvailable() || since !== generation) return false;
  const db = await offlineDb();
  if (since !== generation) return false;
  await write(db);
  return true;
}

/** Keeps `body` as the answer to `request` for `member`, dropping that endpoint's oldest past the cap. */
export async function storeAnswer(member: string, endpoint: string, request: string, body: unknown, since = generation): Promise<void> {
  await unlessCleared(since, async (db) => {
    const tx = db.transaction('answers', 'readwrite');
    await tx.store.put({ id: `${member} ${request}`, member, endpoint, body, savedAt: Date.now() });
    const range = IDBKeyRange.bound([member, endpoint], [member, endpoint, []]);
    const count = await tx.store.index('byEndpoint').count(range);
    if (count > ENTRIES_PER_ENDPOINT) {
      // The index orders each endpoint's entries by when they were saved: the first ones are the oldest.
      let extra = count - ENTRIES_PER_ENDPOINT;
      let cursor = await tx.store.index('byEndpoint').openCursor(range);
      while (cursor && extra > 0) {
        await cursor.delete();
        extra -= 1;
        cursor = await cursor.continue();
      }
    }
    await tx.done;
  });
}

/** The kept answer to `request` for `member`, if any. */
export async function readAnswer(member: string, request: string): Promise<unknown> {
  if (!offlineStorageAvailable()) return undefined;
  try {
    const entry = await (await offlineDb()).get('answers', `${member} ${request}`);
    return entry?.member === member ? entry.body : undefined;
  } catch {
    return undefined;
  }
}

/** Empties everything kept: answers and queued actions of every member. A session ended. */
export async function clearOfflineData(): Promise<void> {
  generation += 1;
  if (!offlineStorageAvailable()) return;
  const db = await offlineDb();
  const tx = db.transaction(['answers', 'queue'], 'readwrite');
  await Promise.all([tx.objectStore('answers').clear(), tx.objectStore('queue').clear(), tx.done]);
}

/**
 * The request as a key: its path and its query parameters in a fixed order (a cursor, a search),
 * so the same request reads the same entry.
 */
export function requestKey(args: string | { url: string; params?: Record<string, unknown> }): string {
  if (typeof args === 'string') return args;
  const params = Object.entries(args.params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `${args.url}?${params.join('&')}` : args.url;
}
