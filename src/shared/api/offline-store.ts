import type { IDBPDatabase } from 'idb';
import type { OfflineDb } from './offline-db';
import { clearGeneration, offlineStorageAvailable, whenCleared } from './offline-entry';

/**
 * What a signed-in member has seen, kept in IndexedDB so it stays readable with no connection, also
 * after a reload: every signed-in API answer is `Cache-Control: no-store`, so the service worker
 * keeps none of them; the SPA keeps the answers of KEPT_ENDPOINTS (offline-entry.ts) itself. Each entry is keyed by
 * the member and the request, so one member's entries can never answer another's requests, and
 * `clearOfflineData` (offline-entry.ts: every way a session ends) empties the whole database.
 */

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

/**
 * The database, opened on first use; its code (idb) is a chunk of its own, loaded then. The callers
 * open it only once the first screen is drawn (base-query.ts keeping an answer, offline-entry.ts
 * starting the queue), or when something cannot wait: the kept answer when a request gets no
 * answer, an action that must wait, the queue of a member with actions waiting, a session's end
 * emptying it. Otherwise a member's page load never fetches idb nor opens the database beside the
 * page's own chunks and data. A visitor, whose answers are never kept, never downloads idb. The
 * service worker precaches it with every other chunk, so it loads with no connection too.
 */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= import('./offline-db').then(({ openOfflineDb }) => openOfflineDb()).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * Runs `write` unless a clear came since `since`, and after the last clear has emptied the database
 * (a write of the next session never lands before it, to be emptied with the old ones). The check
 * and the start of the write's transaction happen in one turn, so a write either comes after no
 * clear or lands before it.
 */
export async function unlessCleared(since: number, write: (db: IDBPDatabase<OfflineDb>) => Promise<unknown>): Promise<boolean> {
  if (!offlineStorageAvailable() || since !== clearGeneration()) return false;
  await whenCleared();
  const db = await offlineDb();
  if (since !== clearGeneration()) return false;
  await write(db);
  return true;
}

/** Keeps `body` as the answer to `request` for `member`, dropping that endpoint's oldest past the cap. */
export async function storeAnswer(member: string, endpoint: string, request: string, body: unknown, since = clearGeneration()): Promise<void> {
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

/** Empties everything kept: answers and queued actions of every member (clearOfflineData in offline-entry.ts). */
export async function emptyOfflineData(): Promise<void> {
  if (!offlineStorageAvailable()) return;
  const db = await offlineDb();
  const tx = db.transaction(['answers', 'queue'], 'readwrite');
  await Promise.all([tx.objectStore('answers').clear(), tx.objectStore('queue').clear(), tx.done]);
}
