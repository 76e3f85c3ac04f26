import type { FastifyReply } from 'fastify';
import { cachedRead, forget } from '../db/cache.js';
import type { Db } from '../db/client.js';

/** How many answers of one kind are kept (a board's page of 50 is about 25 KB). */
const ANSWERS_KEPT = 200;

/** The boards whose list pages are kept (`sendCachedJson`); the first three are also searched. */
export type Board = 'needs' | 'events' | 'skills' | 'whispers';
const SEARCHED: readonly Board[] = ['needs', 'events', 'skills'];

/**
 * Answers 200 with what `load` makes, serialized by the route's own response schema, and keeps the
 * serialized text under kind/key (db/cache.ts) until a write forgets the kind (`boardsChanged`): a
 * board's page that every visitor opens costs one query and one serialization until it changes.
 */
export async function sendCachedJson(reply: FastifyReply, db: Db, kind: `${Board}-list` | 'search', key: string, load: () => Promise<unknown>) {
  const text = await cachedRead(db, kind, key, async () => reply.code(200).serialize(await load()), { maxEntries: ANSWERS_KEPT });
  return reply.code(200).type('application/json; charset=utf-8').send(text);
}

/**
 * A write changed what these boards' list pages show: forgets them, and for the searched boards the
 * kept search answers and typed words too (modules/search). Call it with the handle that wrote (a
 * transaction's: forgotten once it commits).
 */
export function boardsChanged(db: Db, ...boards: Board[]) {
  for (const board of boards) forget(db, `${board}-list`);
  if (boards.some((board) => SEARCHED.includes(board))) {
    forget(db, 'search');
    forget(db, 'search-words');
  }
}

/**
 * A user's row changed: forgets the kept row; with `shown`, also every board's pages, which show
 * names, pictures and contacts (a profile or e-mail change), or held the posts of an account that went.
 */
export function userChanged(db: Db, userId: string, { shown }: { shown: boolean }) {
  forget(db, 'user', userId);
  if (shown) boardsChanged(db, ...SEARCHED, 'whispers');
}
