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
export async function boardsChanged(db: Db, ...boards: Board[]): Promise<void> {
  const names: Parameters<typeof forget>[1][] = boards.map((board) => `${board}-list` as const);
  if (boards.some((board) => SEARCHED.includes(board))) names.push('search', 'search-words');
  await Promise.all(names.map((name) => forget(db, name)));
}

/**
 * A user's row changed: forgets the kept row; with `shown`, also every board's pages, which show
 * names, pictures and contacts (a profile or e-mail change), or held the posts of an account that went.
 */
export async function userChanged(db: Db, userId: string, { shown }: { shown: boolean }): Promise<void> {
  await Promise.all([forget(db, 'user', userId), shown && boardsChanged(db, ...SEARCHED, 'whispers')]);
}
