import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredAction, StoredAnswer } from './offline-store';

/** The offline database's stores (offline-store.ts keeps answers, offline-queue.ts the waiting actions). */
export interface OfflineDb extends DBSchema {
  answers: { key: string; value: StoredAnswer; indexes: { byEndpoint: [string, string, number] } };
  queue: { key: string; value: StoredAction; indexes: { byMember: string } };
}

const DB_NAME = 'need-spot-offline';

/** Opens (and on the first time creates) the database. Loaded on first use only: see offlineDb. */
export function openOfflineDb(): Promise<IDBPDatabase<OfflineDb>> {
  return openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('answers', { keyPath: 'id' }).createIndex('byEndpoint', ['member', 'endpoint', 'savedAt']);
      db.createObjectStore('queue', { keyPath: 'key' }).createIndex('byMember', 'member');
    },
  });
}
