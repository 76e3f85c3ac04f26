import type { Static } from '@fastify/type-provider-typebox';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { moderationActions, reports, users } from '../../db/schema.js';
import type { MODERATION_ACTIONS } from '../../db/tables/safety.js';
import { boardsChanged, userChanged, type Board } from '../../lib/cached-reads.js';
import { notFound } from '../../lib/http-error.js';
import type { SessionScope } from '../../lib/sessions.js';
import { markAuthorSuspended } from '../../lib/suspension.js';
import { createNotification } from '../notifications/service.js';
import { findItem, type HideableType, type Item, type ItemType } from './items.js';
import type { HiddenAnswer, LogAnswer, ReportedItem, SuspensionsAnswer } from './schemas.js';

type Action = (typeof MODERATION_ACTIONS)[number];
export interface Moderator { id: string; username: string }

const iso = (value: Date | string) => new Date(value).toISOString();
const missing = () => notFound('Not found', { status: false });

/** The table of each hideable type, and the board whose kept pages show it (messages are never kept). */
const HIDEABLE: Record<HideableType, { table: string; board?: Board }> = {
  whisper: { table: 'whispers', board: 'whispers' },
  need: { table: 'needs', board: 'needs' },
  event: { table: 'events', board: 'events' },
  skill: { table: 'skills', board: 'skills' },
  message: { table: 'messages' },
  // Whisper cards count the comments shown.
  comment: { table: 'whisper_comments', board: 'whispers' },
};

/** Every action goes to the audit log, in the transaction that makes it. */
async function logAction(tx: Db, moderator: Moderator, action: Action, itemType: ItemType, itemId: string, reason = '') {
  await tx.insert(moderationActions).values({ moderatorId: moderator.id, moderatorUsername: moderator.username, action, itemType, itemId, reason: reason.trim() });
}

/** Closes the item's open reports; resolves to how many there were. */
async function closeReports(tx: Db, itemType: ItemType, itemId: string): Promise<number> {
  const closed = await tx.update(reports).set({ closedAt: sql`now()` })
    .where(and(eq(reports.itemType, itemType), eq(reports.itemId, itemId), isNull(reports.closedAt))).returning({ id: reports.id });
  return closed.length;
}

/** Closes an item's open reports with nothing done to it. 404 when it has none and does not exist. */
export function dismiss(db: Db, moderator: Moderator, itemType: ItemType, itemId: string, reason?: string): Promise<void> {
  return db.transaction(async (tx) => {
    const closed = await closeReports(tx, itemType, itemId);
    if (closed === 0 && !(await findItem(tx, itemType, itemId))) throw missing();
    await logAction(tx, moderator, 'dismiss', itemType, itemId, reason);
  });
}

/** The SPA path where the author finds their item (hidden, it is still shown to them, marked). */
async function linkOf(tx: Db, itemType: HideableType, itemId: string, receiverId?: string): Promise<string> {
  switch (itemType) {
    case 'whisper': return `/whispers/whisper-detail/${itemId}`;
    case 'need': return `/needs/${itemId}`;
    case 'event': return `/events/${itemId}`;
    case 'skill': return `/skills/${itemId}`;
    case 'message': return receiverId ? `/messages/${receiverId}` : '';
    case 'comment': {
      const [row] = rowsOf<{ whisper_id: string }>(await tx.execute(sql`select whisper_id from whisper_comments where id = ${itemId}`));
      return row ? `/whispers/whisper-detail/${row.whisper_id}` : '';
    }
  }
}

/** An item as its author's notification names it: its title, or the start of what it says. */
const named = (item: Item) => {
  const words = (item.title || item.text).replace(/\s+/g, ' ').trim();
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
};

/**
 * Hides (`reason` given) or restores (null) an item for everyone but its author, and forgets the
 * kept pages that showed it. Hiding closes the item's open reports. 404 when it does not exist.
 * The author is told (kind 'moderation', with the reason), in the same transaction; resolves to
 * their id, to be told live once it has committed.
 */
export function setHidden(
  db: Db, moderator: Moderator, itemType: HideableType, itemId: string, reason: string | null, note?: string,
): Promise<{ authorId: string }> {
  const { table, board } = HIDEABLE[itemType];
  return db.transaction(async (tx) => {
    const set = reason === null ? sql`hidden_at = null, hidden_reason = null` : sql`hidden_at = now(), hidden_reason = ${reason.trim()}`;
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`update ${sql.identifier(table)} set ${set} where id = ${itemId} returning id`));
    if (!row) throw missing();
    if (reason !== null) await closeReports(tx, itemType, itemId);
    await logAction(tx, moderator, reason === null ? 'restore' : 'hide', itemType, itemId, reason ?? note);
    if (board) await boardsChanged(tx, board);
    const item = (await findItem(tx, itemType, itemId))!;
    const link = await linkOf(tx, itemType, itemId, item.receiverId);
    await createNotification(tx, item.author.id, reason === null
      ? { kind: 'moderation', link, title: `Your ${itemType} is shown again`, body: `Moderators restored your ${itemType} "${named(item)}".` }
      : { kind: 'moderation', link, title: `Your ${itemType} was hidden`, body: `Moderators hid your ${itemType} "${named(item)}". Reason: ${reason.trim()}` });
    return { authorId: item.author.id };
  });
}

/** A suspension's end as a notification says it. */
const untilText = (until: Date | null) => (until ? `until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'until a moderator lifts it');

/**
 * Suspends a member (again: a new reason and end): their sessions end (tokens and sockets, once
 * this commits), their content leaves every page (the kept ones are forgotten), their open reports
 * close. 404 for an account that does not exist or was deactivated.
 */
export function suspend(
  db: Db, endSessions: (scope: SessionScope, db: Db) => Promise<void>, moderator: Moderator, userId: string, reason: string, until: Date | null,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users)
      .set({ status: 'suspended', suspensionReason: reason.trim(), suspendedAt: sql`now()`, suspendedUntil: until })
      .where(and(eq(users.id, userId), ne(users.status, 'deactivated'))).returning({ id: users.id });
    if (!row) throw missing();
    await markAuthorSuspended(tx, userId, true);
    await closeReports(tx, 'user', userId);
    await logAction(tx, moderator, 'suspend', 'user', userId, reason);
    await userChanged(tx, userId, { shown: true });
    await endSessions({ userId }, tx);
    // They cannot sign in meanwhile: by e-mail (the kind's default) is how they hear of it, and why.
    await createNotification(tx, userId, {
      kind: 'moderation', title: 'Your account was suspended', body: `Moderators suspended your account ${untilText(until)}. Reason: ${reason.trim()}`,
    });
  });
}

/** Lifts a suspension (nothing to lift: nothing done, nothing logged). 404 for an account that does not exist. */
export function unsuspend(db: Db, moderator: Moderator, userId: string, reason?: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ status: 'active', suspensionReason: null, suspendedAt: null, suspendedUntil: null })
      .where(and(eq(users.id, userId), eq(users.status, 'suspended'))).returning({ id: users.id });
    if (!row) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!exists) throw missing();
      return;
    }
    await markAuthorSuspended(tx, userId, false);
    await logAction(tx, moderator, 'unsuspend', 'user', userId, reason);
    await userChanged(tx, userId, { shown: true });
  });
}

/** Items with open reports, the one with the newest open report first (100 items at most), each with its open reports. */
export async function reportQueue(db: Db): Promise<Array<Static<typeof ReportedItem>>> {
  const latest = sql<Date>`max(${reports.createdAt})`;
  const groups = await db.select({ itemType: reports.itemType, itemId: reports.itemId, latestAt: latest }).from(reports)
    .where(isNull(reports.closedAt)).groupBy(reports.itemType, reports.itemId).orderBy(desc(latest)).limit(100);
  if (groups.length === 0) return [];
  const open = await db.select({ id: reports.id, itemType: reports.itemType, itemId: reports.itemId, reason: reports.reason, details: reports.details, createdAt: reports.createdAt })
    .from(reports).where(and(isNull(reports.closedAt), inArray(reports.itemId, groups.map((group) => group.itemId))))
    .orderBy(desc(reports.createdAt));
  const answer = [];
  for (const group of groups) {
    const item = await findItem(db, group.itemType, group.itemId);
    answer.push({
      itemType: group.itemType,
      itemId: group.itemId,
      item: item ? { title: item.title, text: item.text, images: item.images, author: item.author, hidden: item.hidden } : null,
      reports: open.filter((report) => report.itemType === group.itemType && report.itemId === group.itemId)
        .map(({ id, reason, details, createdAt }) => ({ id, reason, details, createdAt: createdAt.toISOString() })),
      latestAt: iso(group.latestAt),
    });
  }
  return answer;
}

/** The suspended members, the latest suspended first. */
export async function suspensions(db: Db): Promise<Static<typeof SuspensionsAnswer>['users']> {
  const rows = await db.select({
    id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImage: users.profileImage,
    reason: users.suspensionReason, since: users.suspendedAt, until: users.suspendedUntil,
  }).from(users).where(eq(users.status, 'suspended')).orderBy(desc(users.suspendedAt)).limit(500);
  return rows.map((row) => ({
    ...row, reason: row.reason ?? '', since: (row.since ?? new Date(0)).toISOString(), until: row.until ? row.until.toISOString() : null,
  }));
}

/** What moderators hid, the latest first (500 at most): a message or a comment by the start of what it says. */
export async function hiddenItems(db: Db): Promise<Static<typeof HiddenAnswer>['items']> {
  const rows = rowsOf<{ item_type: HideableType; item_id: string; title: string; reason: string | null; at: Date | string }>(await db.execute(sql`
    select * from (
      select 'whisper' as item_type, id as item_id, title, hidden_reason as reason, hidden_at as at from whispers where hidden_at is not null
      union all select 'need', id, service_name, hidden_reason, hidden_at from needs where hidden_at is not null
      union all select 'event', id, title, hidden_reason, hidden_at from events where hidden_at is not null
      union all select 'skill', id, title, hidden_reason, hidden_at from skills where hidden_at is not null
      union all select 'message', id, left(content, 80), hidden_reason, hidden_at from messages where hidden_at is not null
      union all select 'comment', id, left(text, 80), hidden_reason, hidden_at from whisper_comments where hidden_at is not null
    ) hidden order by at desc limit 500`));
  return rows.map((row) => ({ itemType: row.item_type, itemId: row.item_id, title: row.title, reason: row.reason ?? '', at: iso(row.at) }));
}

/** The audit log: the newest 100 actions. */
export async function auditLog(db: Db): Promise<Static<typeof LogAnswer>['actions']> {
  const rows = await db.select().from(moderationActions).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(100);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    itemType: row.itemType,
    itemId: row.itemId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    // An account that went leaves its name in the log.
    moderator: { id: row.moderatorId ?? '', username: row.moderatorUsername },
  }));
}
