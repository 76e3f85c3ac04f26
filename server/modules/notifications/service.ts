import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { scheduleJobsFrom } from '../../lib/jobs.js';
import { DEFAULT_NOTIFY_EMAIL_DELAY_SECONDS } from '../../config.js';
import { DEFAULT_CHANNELS, type NotificationKind } from './kinds.js';

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
  /**
   * The member whose doing it tells (a liker, a follower, a commenter, an organiser): the digest
   * e-mails nothing of a member blocked either way, suspended or gone by then.
   */
  actorId?: string;
  /** The comment it quotes: the digest e-mails nothing of one deleted or hidden by then. */
  commentId?: string;
}

/** The job that e-mails a member what is still unread (digest.ts); one pending per member (its key: the user id). */
export const DIGEST_JOB = 'email-digest';

/**
 * How long after a notification its member's digest job first runs: the server's
 * NOTIFY_EMAIL_DELAY_SECONDS, given by the notifications routes when they register (the callers of
 * `createNotification` hold a database handle, not the app). Only the first run depends on it: the
 * digest itself decides by the app's own delay whether it is time to send (digest.ts), and says
 * when to come back if not.
 */
let digestDelaySeconds = DEFAULT_NOTIFY_EMAIL_DELAY_SECONDS;
export function setDigestDelay(seconds: number) {
  digestDelaySeconds = seconds;
}

// Each kind's default channels, as arrays for the statement (its text stays the same).
const defaultKinds = Object.keys(DEFAULT_CHANNELS) as NotificationKind[];
const defaults = {
  kinds: sql.param(defaultKinds),
  inApp: sql.param(defaultKinds.map((kind) => DEFAULT_CHANNELS[kind].inApp)),
  email: sql.param(defaultKinds.map((kind) => DEFAULT_CHANNELS[kind].email)),
  push: sql.param(defaultKinds.map((kind) => DEFAULT_CHANNELS[kind].push)),
};

/** The job that pushes a member's new notifications to their devices (modules/push/send.ts); one pending per member (its key: the user id). */
export const PUSH_JOB = 'push';

/**
 * Schedules the digest job of each member `userIds` selects (a column `user_id`), `digestDelaySeconds`
 * from now: lib/jobs.ts's `scheduleJob` for a set of members, as one step of a statement, with its
 * rules: a pending job keeps its earlier time; one running right now runs once more after
 * (`rerun_at`), since the run may have read the member's unread items before this commit.
 */
const scheduleDigests = (userIds: SQL) => scheduleJobsFrom(
  DIGEST_JOB,
  sql`select user_id::text as key from (${userIds}) due`,
  sql`now() + ${sql.param(digestDelaySeconds)}::double precision * interval '1 second'`,
);

/**
 * The steps behind `createNotifications` (at least one notification), as items of a WITH list
 * (`told_*`), to run alone or in another statement (messages/service.ts stores messages with their
 * notifications in one), so the rules they keep have one owner:
 * - Each receiver's channels for the kind (notification_preferences, else the kind's default; in
 *   the app always for messages). Neither channel: nothing is stored. E-mail only: the row is
 *   stored with `in_app` false, hidden from the list and the badge, for the digest to send.
 * - `email` on the row when the member wants the kind by e-mail. Messages are the exception: the
 *   digest reads them from the messages table itself (each message's first lines), so their
 *   notification never goes by e-mail.
 * - An unread twin (same title and body) is not told again. It is looked for user by user through
 *   the (user_id, created_at) index: a lateral subquery with a limit is never turned into a join,
 *   so the plan holds without table statistics, which embedded PGlite never gathers (an anti-join
 *   planned on its guesses read every unread notification for each batch of messages).
 * - The receiver's digest job is scheduled (a pending one keeps its earlier time) when something
 *   new is to go by e-mail: a stored notification that has `email`, or a message whose receiver
 *   wants messages by e-mail (also when its notification had an unread twin: the message is new).
 * - `push` on the row when the member wants the kind by push and has a device for it
 *   (push_subscriptions, by its user index: one probe per receiver); then the receiver's push job
 *   is due at once. A member with no device costs no job and leaves no row waiting. Like the bell,
 *   a message whose notification has an unread twin is not pushed again: one push per
 *   conversation until the member reads it.
 */
export function insertNotifications(list: NewNotification[]): SQL {
  // Arrays, whatever the number of notifications: the statement's text is always the same
  // (messages/service.ts prepares it once, as a step of its own).
  const column = <K extends keyof NewNotification>(key: K) => sql.param(list.map((item) => item[key]));
  return sql`
    told_wanted as (
      select distinct v.user_id, v.kind, v.title, v.body, v.link, v.actor_id, v.comment_id,
        coalesce(p.in_app, d.in_app, true) or v.kind = 'message' as in_app,
        coalesce(p.email, d.email, false) as email,
        coalesce(p.push, d.push, false) and exists (
          select 1 from push_subscriptions s join sessions se on se.id = s.session_id
          where s.user_id = v.user_id and se.revoked_at is null and se.expires_at > now()
        ) as push
      from unnest(${column('userId')}::uuid[], ${column('kind')}::text[], ${column('title')}::text[], ${column('body')}::text[], ${sql.param(list.map((item) => item.link ?? ''))}::text[],
          ${sql.param(list.map((item) => item.actorId ?? null))}::uuid[], ${sql.param(list.map((item) => item.commentId ?? null))}::uuid[])
        as v (user_id, kind, title, body, link, actor_id, comment_id)
      left join unnest(${defaults.kinds}::text[], ${defaults.inApp}::boolean[], ${defaults.email}::boolean[], ${defaults.push}::boolean[]) as d (kind, in_app, email, push) on d.kind = v.kind
      left join notification_preferences p on p.user_id = v.user_id and p.kind = v.kind
    ), told as (
      insert into notifications (user_id, kind, title, body, link, actor_id, comment_id, in_app, email, push)
      select w.user_id, w.kind, w.title, w.body, w.link, w.actor_id, w.comment_id, w.in_app, w.email and w.kind <> 'message', w.push
      from told_wanted w
      left join lateral (
        select true as found from notifications n
        where n.user_id = w.user_id and n.title = w.title and n.body = w.body and not n.read
        limit 1
      ) twin on true
      where twin.found is null and (w.in_app or w.email or w.push)
      returning user_id, email, push
    ), told_digest as (
      ${scheduleDigests(sql`select user_id from told where email union select user_id from told_wanted where kind = 'message' and email`)}
    ), told_push as (
      ${scheduleJobsFrom(PUSH_JOB, sql`select distinct user_id::text as key from told where push`, sql`now()`)}
    )`;
}

/** `createNotification` for several at once, in one statement (a batch saying one thing twice tells it once). */
export async function createNotifications(db: Db, list: NewNotification[]) {
  if (list.length === 0) return;
  await db.execute(sql`with ${insertNotifications(list)} select 1`);
}

/** The caller's latest notifications shown in the app, newest first. */
export function listNotifications(db: Db, userId: string, limit = 50) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** How many of the user's notifications are unread (the bell's badge). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.read, false), eq(notifications.inApp, true)));
}

/**
 * Marks one of the user's notifications read: 'done' (it was unread), 'already' (it was read), or
 * 'missing' (no such notification of theirs: another user's is left alone).
 */
export async function markRead(db: Db, userId: string, id: string): Promise<'done' | 'already' | 'missing'> {
  const rows = await db.update(notifications).set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.inApp, true)))
    .returning({ id: notifications.id, before: sql<boolean>`(select n.read from notifications n where n.id = ${id})` });
  if (rows.length === 0) return 'missing';
  return rows[0].before ? 'already' : 'done';
}

/** Marks every notification of the user shown in the app read (one waiting for e-mail only stays for its digest). */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db.update(notifications).set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false), eq(notifications.inApp, true)))
    .returning({ id: notifications.id });
  return rows.length;
}
