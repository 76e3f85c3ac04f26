import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { and, isNull, ne, notInArray, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { blockedBetween } from './blocks.js';
import { sendCachedJson, type Board } from './cached-reads.js';
import type { ModerationSchema } from './schemas.js';

export type Moderation = Static<typeof ModerationSchema>;

/**
 * The rows everyone may see on a shared (kept) page: not hidden by a moderator, by an author who is
 * not suspended (the query joins the author as `users`); with `excluded`, not by those authors
 * either (a member's blocks, `hiddenAuthorsFor`).
 */
export function shownWhere(hiddenAt: Column, author: Column, excluded: readonly string[] = []): SQL | undefined {
  return and(isNull(hiddenAt), ne(users.status, 'suspended'), excluded.length > 0 ? notInArray(author, [...excluded]) : undefined);
}

/** A record as a detail route reads it: its author, their account's status, and what a moderator did. */
export interface Moderated {
  authorId: string;
  authorStatus: string;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/**
 * Whether `viewerId` (undefined: a visitor) may open a record: its author always, with
 * `moderation` when it is hidden; anyone else only when it is not hidden, its author is not
 * suspended, and neither blocked the other. Undefined: answer as for a record that does not exist.
 */
export async function seenBy(db: Db, viewerId: string | undefined, record: Moderated): Promise<{ moderation?: Moderation } | undefined> {
  if (viewerId === record.authorId) return record.hiddenAt ? { moderation: { hidden: true, reason: record.hiddenReason ?? '' } } : {};
  if (record.hiddenAt || record.authorStatus === 'suspended') return undefined;
  if (viewerId && (await blockedBetween(db, viewerId, record.authorId))) return undefined;
  return {};
}

/**
 * A board's list page: kept and shared (`sendCachedJson`) for visitors and members who block no one
 * and whom no one blocks; made afresh, without the blocked authors' rows, for the others (a page
 * of theirs is theirs alone, never kept). The cursor is the last row's either way, so pages join up.
 */
export async function sendListJson(
  reply: FastifyReply, db: Db, board: Board, key: string, excluded: readonly string[], load: (excluded: readonly string[]) => Promise<unknown>,
) {
  if (excluded.length === 0) return sendCachedJson(reply, db, `${board}-list`, key, () => load([]));
  return reply.code(200).send(await load(excluded));
}
