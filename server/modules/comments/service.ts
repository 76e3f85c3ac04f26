import type { Static } from '@fastify/type-provider-typebox';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../../db/client.js';
import { users, whisperComments, whispers } from '../../db/schema.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/db-errors.js';
import { notFound } from '../../lib/http-error.js';
import type { Owned } from '../../lib/owned.js';
import { cursorOf, pageOf, pageResult } from '../../lib/pagination.js';
import { seenBy, type Moderation } from '../../lib/visibility.js';
import { createNotifications, type NewNotification } from '../notifications/service.js';
import type { CommentSchema, ThreadSchema } from './schemas.js';

export type CommentDto = Static<typeof CommentSchema>;
export type ThreadDto = Static<typeof ThreadSchema>;

/** Each top-level comment of a page comes with this many of its newest replies; the rest are paged. */
export const REPLIES_SHOWN = 3;

export const WHISPER_NOT_FOUND = 'Whisper not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const ONE_LEVEL = 'You can only reply to a top-level comment of this whisper.';

/**
 * Whether comment `c` (its author joined as `u`) is shown to a viewer: not hidden by moderators
 * (its author still sees their own), its author not suspended, and not by a member blocked either
 * way (`excluded`, lib/blocks.ts `hiddenAuthorsFor`). Raw SQL on aliases, so the lists, the replies'
 * window query and the counts say it the same way.
 */
function shownSql(c: string, u: string, viewerId: string | undefined, excluded: readonly string[]): SQL {
  const comment = sql.identifier(c);
  const author = sql.identifier(u);
  const own = viewerId ? sql` or ${comment}.user_id = ${viewerId}` : sql``;
  const blocked = excluded.length > 0 ? sql` and ${comment}.user_id <> all(${sql.param([...excluded])}::uuid[])` : sql``;
  return sql`(${comment}.hidden_at is null${own}) and ${author}.status <> 'suspended'${blocked}`;
}

/**
 * The comments of the outer query's whisper (`whispers.id`) that everyone may see, or with
 * `excluded` a member with blocks: top-level ones, and replies under a top-level one that is shown
 * too (a reply is shown under its comment, never alone). Counted from the rows, as likes are; the
 * (whisper_id, created_at) index finds them.
 */
export const commentCountOf = (excluded: readonly string[] = []) => sql<number>`(
  select count(*)::int from whisper_comments c
  join users u on u.id = c.user_id
  left join whisper_comments p on p.id = c.parent_id
  left join users pu on pu.id = p.user_id
  where c.whisper_id = ${sql.identifier('whispers')}.${sql.identifier('id')} and ${shownSql('c', 'u', undefined, excluded)}
    and (c.parent_id is null or (${shownSql('p', 'pu', undefined, excluded)})))`;

/** `commentCountOf` for one whisper. */
export async function countComments(db: Db, whisperId: string, excluded: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${commentCountOf(excluded)} as count from whispers where id = ${whisperId}`));
  return row?.count ?? 0;
}

const commentColumns = {
  id: whisperComments.id,
  whisperId: whisperComments.whisperId,
  parentId: whisperComments.parentId,
  text: whisperComments.text,
  createdAt: whisperComments.createdAt,
  editedAt: whisperComments.editedAt,
  hiddenAt: whisperComments.hiddenAt,
  hiddenReason: whisperComments.hiddenReason,
  authorId: users.id,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorProfileImage: users.profileImage,
};

interface CommentRow {
  id: string;
  whisperId: string;
  parentId: string | null;
  text: string;
  createdAt: Date;
  editedAt: Date | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  authorId: string;
  authorUsername: string;
  authorFirstName: string;
  authorLastName: string;
  authorProfileImage: string;
}

/** A comment as the API shows it; `moderation` only reaches its author (the lists show hidden rows to no one else). */
export function toCommentDto(row: CommentRow): CommentDto {
  return {
    ...(row.hiddenAt ? { moderation: { hidden: true, reason: row.hiddenReason ?? '' } } : {}),
    _id: row.id,
    whisperId: row.whisperId,
    parentId: row.parentId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    edited: row.editedAt !== null,
    user: { _id: row.authorId, username: row.authorUsername, firstName: row.authorFirstName, lastName: row.authorLastName, profileImage: row.authorProfileImage },
  };
}

interface Viewer {
  /** Undefined: a visitor. */
  id: string | undefined;
  /** Members blocked either way (lib/blocks.ts `hiddenAuthorsFor`). */
  excluded: readonly string[];
}

const encodeCursor = (cursor: string) => Buffer.from(cursor).toString('base64url');
const asDate = (value: Date | string) => new Date(value);

/**
 * The newest `shown` replies of each parent the viewer may see, oldest of them first, with how many
 * there are, and the cursor to the older ones (null when none are left). One window query for the
 * page's parents: it never reads more than `shown` rows of a parent into the answer.
 */
async function newestReplies(db: Db, parentIds: string[], viewer: Viewer, shown: number) {
  const byParent = new Map<string, { replies: CommentDto[]; count: number; cursor: string | null }>();
  if (parentIds.length === 0) return byParent;
  const rows = rowsOf<{
    id: string; whisper_id: string; parent_id: string; text: string; created_at: Date | string; edited_at: Date | string | null;
    hidden_at: Date | string | null; hidden_reason: string | null; author_id: string; username: string; first_name: string; last_name: string;
    profile_image: string; cursor: string; n: number; total: number;
  }>(await db.execute(sql`
    select * from (
      select c.id, c.whisper_id, c.parent_id, c.text, c.created_at, c.edited_at, c.hidden_at, c.hidden_reason,
        u.id as author_id, u.username, u.first_name, u.last_name, u.profile_image,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || c.id::text as cursor,
        (row_number() over (partition by c.parent_id order by c.created_at desc, c.id desc))::int as n,
        (count(*) over (partition by c.parent_id))::int as total
      from whisper_comments c join users u on u.id = c.user_id
      where c.parent_id = any(${sql.param(parentIds)}::uuid[]) and ${shownSql('c', 'u', viewer.id, viewer.excluded)}
    ) r where r.n <= ${shown} order by r.created_at, r.id`));
  for (const row of rows) {
    const entry = byParent.get(row.parent_id) ?? { replies: [], count: row.total, cursor: null };
    // The oldest reply shown is the one with the highest n: the older ones start after it.
    if (row.n === shown && row.total > shown) entry.cursor = encodeCursor(row.cursor);
    entry.replies.push(toCommentDto({
      id: row.id, whisperId: row.whisper_id, parentId: row.parent_id, text: row.text, createdAt: asDate(row.created_at),
      editedAt: row.edited_at === null ? null : asDate(row.edited_at), hiddenAt: row.hidden_at === null ? null : asDate(row.hidden_at),
      hiddenReason: row.hidden_reason, authorId: row.author_id, authorUsername: row.username, authorFirstName: row.first_name,
      authorLastName: row.last_name, authorProfileImage: row.profile_image,
    }));
    byParent.set(row.parent_id, entry);
  }
  return byParent;
}

/**
 * A page of a whisper's top-level comments the viewer may see, each with its newest replies: the
 * newest page first, oldest first within it (newest last on the screen; "Load more" brings older
 * ones above). The cursor is the oldest row's of the page, as lib/pagination.ts pages.
 */
export async function listThreads(db: Db, whisperId: string, { limit, cursor }: { limit: number; cursor?: string }, viewer: Viewer) {
  const page = pageOf(whisperComments, cursor);
  const rows = await db.select({ ...commentColumns, cursor: cursorOf(whisperComments) })
    .from(whisperComments).innerJoin(users, eq(users.id, whisperComments.userId))
    .where(and(eq(whisperComments.whisperId, whisperId), isNull(whisperComments.parentId), page.where,
      shownSql('whisper_comments', 'users', viewer.id, viewer.excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  const { page: comments, nextCursor } = pageResult(rows, limit);
  const replies = await newestReplies(db, comments.map((row) => row.id), viewer, REPLIES_SHOWN);
  const threads: ThreadDto[] = comments.reverse().map((row) => {
    const mine = replies.get(row.id);
    return { ...toCommentDto(row), replies: mine?.replies ?? [], replyCount: mine?.count ?? 0, repliesCursor: mine?.cursor ?? null };
  });
  return { threads, nextCursor };
}

/** A page of a comment's replies the viewer may see: the newest page first, oldest first within it. */
export async function listReplies(db: Db, parentId: string, { limit, cursor }: { limit: number; cursor?: string }, viewer: Viewer) {
  const page = pageOf(whisperComments, cursor);
  const rows = await db.select({ ...commentColumns, cursor: cursorOf(whisperComments) })
    .from(whisperComments).innerJoin(users, eq(users.id, whisperComments.userId))
    .where(and(eq(whisperComments.parentId, parentId), page.where, shownSql('whisper_comments', 'users', viewer.id, viewer.excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  const { page: replies, nextCursor } = pageResult(rows, limit);
  return { replies: replies.reverse().map(toCommentDto), nextCursor };
}

/**
 * Every reply under a comment that everyone may see (not hidden, its author not suspended), oldest
 * first: what a restored comment brings back to the pages open on its whisper (live.ts).
 */
export async function shownReplies(db: Db, parentId: string): Promise<CommentDto[]> {
  const rows = await db.select(commentColumns)
    .from(whisperComments).innerJoin(users, eq(users.id, whisperComments.userId))
    .where(and(eq(whisperComments.parentId, parentId), shownSql('whisper_comments', 'users', undefined, [])))
    .orderBy(whisperComments.createdAt, whisperComments.id);
  return rows.map(toCommentDto);
}

const parent = alias(whisperComments, 'parent');
const parentAuthor = alias(users, 'parent_author');
const whisperAuthor = alias(users, 'whisper_author');

/**
 * A comment with what decides who may see it: its author's status, its whisper (author, status,
 * moderation) and, for a reply, its parent's; undefined when there is none.
 */
export async function findComment(db: Db, id: string) {
  const [row] = await db.select({
    ...commentColumns,
    authorStatus: users.status,
    whisperTitle: whispers.title,
    whisperAuthorId: whispers.userId,
    whisperAuthorStatus: whisperAuthor.status,
    whisperHiddenAt: whispers.hiddenAt,
    whisperHiddenReason: whispers.hiddenReason,
    parentParentId: parent.parentId,
    parentAuthorId: parent.userId,
    parentAuthorStatus: parentAuthor.status,
    parentHiddenAt: parent.hiddenAt,
    parentHiddenReason: parent.hiddenReason,
  })
    .from(whisperComments)
    .innerJoin(users, eq(users.id, whisperComments.userId))
    .innerJoin(whispers, eq(whispers.id, whisperComments.whisperId))
    .innerJoin(whisperAuthor, eq(whisperAuthor.id, whispers.userId))
    .leftJoin(parent, eq(parent.id, whisperComments.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.userId))
    .where(eq(whisperComments.id, id));
  return row;
}
export type FoundComment = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/**
 * Whether the viewer may see the comment, as they may see a whisper (lib/visibility.ts `seenBy`):
 * its whisper, the comment itself and, for a reply, its parent comment. Undefined: answer as for a
 * comment that does not exist. The comment's `moderation` when its author looks at it hidden.
 */
export async function commentSeenBy(db: Db, viewerId: string | undefined, found: FoundComment): Promise<{ moderation?: Moderation } | undefined> {
  const whisper = await seenBy(db, viewerId, {
    authorId: found.whisperAuthorId, authorStatus: found.whisperAuthorStatus, hiddenAt: found.whisperHiddenAt, hiddenReason: found.whisperHiddenReason,
  });
  if (!whisper) return undefined;
  if (found.parentId && found.parentAuthorId && found.parentAuthorStatus) {
    const above = await seenBy(db, viewerId, {
      authorId: found.parentAuthorId, authorStatus: found.parentAuthorStatus, hiddenAt: found.parentHiddenAt, hiddenReason: found.parentHiddenReason,
    });
    if (!above) return undefined;
  }
  return seenBy(db, viewerId, { authorId: found.authorId, authorStatus: found.authorStatus, hiddenAt: found.hiddenAt, hiddenReason: found.hiddenReason });
}

const snippet = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return [...line].length > 80 ? `${[...line].slice(0, 79).join('')}…` : line;
};

export interface NewComment {
  whisperId: string;
  whisperTitle: string;
  whisperAuthorId: string;
  /** A reply's parent comment, its author, and whether moderators hid it (then only its author sees the reply). */
  parent?: { id: string; authorId: string; hidden: boolean };
  userId: string;
  text: string;
}

/**
 * Stores a comment with its notifications, in one transaction: the whisper's author hears of a
 * comment ('comment'), a comment's author of a reply to it ('reply': only that one when both are
 * the same member); nobody of their own, nor the whisper's author of a reply under a hidden
 * comment (they do not see it). Resolves to the comment, as stored, and who was told. The
 * whisper or the parent gone meanwhile answers 404, the author's account gone 401 (by the caller).
 */
export async function insertComment(db: Db, input: NewComment): Promise<{ comment: CommentDto; told: NewNotification[] } | undefined> {
  return db.transaction(async (tx) => {
    const [author] = await tx.select({
      authorId: users.id, authorUsername: users.username, authorFirstName: users.firstName, authorLastName: users.lastName, authorProfileImage: users.profileImage,
    }).from(users).where(and(eq(users.id, input.userId), eq(users.status, 'active')));
    if (!author) return undefined;
    let stored: { id: string; createdAt: Date };
    try {
      [stored] = await tx.insert(whisperComments)
        .values({ whisperId: input.whisperId, userId: input.userId, parentId: input.parent?.id ?? null, text: input.text })
        .returning({ id: whisperComments.id, createdAt: whisperComments.createdAt });
    } catch (error) {
      if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
      // Deleted since the route read it: the whisper (its comments went with it) or the parent.
      const [whisper] = await tx.select({ id: whispers.id }).from(whispers).where(eq(whispers.id, input.whisperId));
      throw notFound(whisper ? COMMENT_NOT_FOUND : WHISPER_NOT_FOUND, { status: false });
    }
    await boardsChanged(tx, 'whispers'); // the cards count comments
    const link = `/whispers/whisper-detail/${input.whisperId}`;
    const told: NewNotification[] = [];
    const quoted = snippet(input.text);
    if (input.parent && input.parent.authorId !== input.userId) {
      told.push({ userId: input.parent.authorId, kind: 'reply', actorId: input.userId, commentId: stored.id, link, title: 'New reply', body: `@${author.authorUsername} replied to your comment: "${quoted}"` });
    }
    if (input.whisperAuthorId !== input.userId && input.whisperAuthorId !== input.parent?.authorId && !input.parent?.hidden) {
      told.push({ userId: input.whisperAuthorId, kind: 'comment', actorId: input.userId, commentId: stored.id, link, title: 'New comment', body: `@${author.authorUsername} commented on your whisper "${input.whisperTitle}": "${quoted}"` });
    }
    await createNotifications(tx, told);
    const comment = toCommentDto({
      id: stored.id, whisperId: input.whisperId, parentId: input.parent?.id ?? null, text: input.text, createdAt: stored.createdAt,
      editedAt: null, hiddenAt: null, hiddenReason: null, ...author,
    });
    return { comment, told };
  });
}

/** Saves its author's edit of a comment (`edited_at` now). */
export function updateComment(db: Db, id: string, userId: string, text: string): Promise<Owned<{ editedAt: Date }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: whisperComments.userId }).from(whisperComments).where(eq(whisperComments.id, id)).for('update');
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId) return { outcome: 'forbidden' };
    const [saved] = await tx.update(whisperComments).set({ text, editedAt: sql`now()` }).where(eq(whisperComments.id, id))
      .returning({ editedAt: whisperComments.editedAt });
    return { outcome: 'done', value: { editedAt: saved.editedAt! } };
  });
}

/**
 * Deletes a comment (its replies go with it) for its author or the whisper's author. Resolves to
 * where it was, for the live event.
 */
export function deleteComment(db: Db, id: string, userId: string): Promise<Owned<{ whisperId: string; parentId: string | null; authorId: string }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: whisperComments.userId, whisperId: whisperComments.whisperId, parentId: whisperComments.parentId, whisperAuthorId: whispers.userId })
      .from(whisperComments).innerJoin(whispers, eq(whispers.id, whisperComments.whisperId))
      .where(eq(whisperComments.id, id)).for('update', { of: whisperComments });
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId && row.whisperAuthorId !== userId) return { outcome: 'forbidden' };
    await tx.delete(whisperComments).where(eq(whisperComments.id, id));
    await boardsChanged(tx, 'whispers');
    return { outcome: 'done', value: { whisperId: row.whisperId, parentId: row.parentId, authorId: row.userId } };
  });
}
