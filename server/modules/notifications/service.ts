import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { NotificationKind } from './kinds.js';

export const WELCOME_NOTIFICATION = {
  kind: 'general' as const,
  title: 'Welcome to Need Spot!',
  body: 'Your account is ready. Post a need, join a challenge or share a whisper from your travels.',
};

/**
 * Tells the user something, unless an unread notification already says exactly that: liking and
 * unliking ten times, or following and unfollowing, tells the owner once, not ten times.
 */
export function createNotification(db: Db, userId: string, content: Omit<NewNotification, 'userId'>) {
  return createNotifications(db, [{ userId, ...content }]);
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The SPA path the notification opens (a conversation, a whisper, an event); none by default. */
  link?: string;
}

/**
 * The statement behind `createNotifications` (at least one notification), to run alone or as a
 * step of another (messages/service.ts stores messages with their notifications in one), so the
 * rule it keeps has one owner. The unread twin is looked for user by user through the (user_id,
 * created_at) index: a lateral subquery with a limit is never turned into a join, so the plan holds
 * without table statistics, which embedded PGlite never gathers (an anti-join planned on its
 * guesses read every unread notification for each batch of messages).
 */
export function insertNotifications(list: NewNotification[]): SQL {
  // Three arrays, whatever the number of notifications: the statement's text is always the same
  // (messages/service.ts prepares it once, as a step of its own).
  const column = <K extends keyof NewNotification>(key: K) => sql.param(list.map((item) => item[key]));
  return sql`
    insert into notifications (user_id, kind, title, body, link)
    select distinct v.user_id, v.kind, v.title, v.body, v.link
    from unnest(${column('userId')}::uuid[], ${column('kind')}::text[], ${column('title')}::text[], ${column('body')}::text[], ${sql.param(list.map((item) => item.link ?? ''))}::text[])
      as v (user_id, kind, title, body, link)
    left join lateral (
      select true as found from notifications n
      where n.user_id = v.user_id and n.title = v.title and n.body = v.body and not n.read
      limit 1
    ) twin on true
    where twin.found is null`;
}

/** `createNotification` for several at once, in one statement (a batch saying one thing twice tells it once). */
export async function createNotifications(db: Db, list: NewNotification[]) {
  if (list.length === 0) return;
  await db.execute(insertNotifications(list));
}

/** The caller's latest notifications, newest first. */
export function listNotifications(db: Db, userId: string, limit = 50) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many of the user's notifications are unread (the bell's badge). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

/**
 * Marks one of the user's notifications read: 'done' (it was unread), 'already' (it was read), or
 * 'missing' (no such notification of theirs: another user's is left alone).
 */
export async function markRead(db: Db, userId: string, id: string): Promise<'done' | 'already' | 'missing'> {
  const rows = await db.update(notifications).set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id, before: sql<boolean>`(select n.read from notifications n where n.id = ${id})` });
  if (rows.length === 0) return 'missing';
  return rows[0].before ? 'already' : 'done';
}

/** Marks every notification of the user read. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db.update(notifications).set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
