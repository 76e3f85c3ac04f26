import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { cachedRead, PAGES_KEPT } from '../db/read-cache.js';

/**
 * Answers 200 with what `load` makes, serialized by the route's own response schema, and keeps the
 * serialized text until the next write (db/read-cache.ts): a board's page that every visitor opens
 * costs one query and one serialization until something changes. For list pages: at most
 * PAGES_KEPT answers per kind are kept.
 */
export async function sendCachedJson(reply: FastifyReply, db: Db, kind: string, key: string, load: () => Promise<unknown>) {
  const text = await cachedRead(db, kind, key, async () => reply.code(200).serialize(await load()), { maxEntries: PAGES_KEPT });
  return reply.code(200).type('application/json; charset=utf-8').send(text);
}
