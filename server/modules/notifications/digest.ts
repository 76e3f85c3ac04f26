import { sql } from 'drizzle-orm';
import { publicOrigin, type Config } from '../../config.js';
import { rowsOf, type Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import { digestMail, firstLines, type Conversation, type DigestItem } from './digest-mail.js';
import { preferencesOf, type ChoosableKind } from './preferences.js';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeToken } from './unsubscribe.js';

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port' | 'jwtSecret' | 'notifyEmailDelaySeconds'>;
}

/** The latest few messages of each conversation are quoted; the count says how many there are. */
const QUOTED_PER_SENDER = 3;
/** Conversations one e-mail quotes; any more are counted, with a link to the inbox. */
const CONVERSATIONS_MAX = 10;
/** Notifications one e-mail holds; more go in the next digest, a delay later. */
const ITEMS_MAX = 30;
/**
 * Messages stamped in this last moment before the run wait for the next digest: one may still be
 * committing (a message is stamped when its statement starts), and `messages_mailed_until` moves
 * past what the run read, so it must not pass one the run could not see yet. Well under the least
 * delay (1 s), so a message old enough to be due is always among those read.
 */
const SETTLE_MS = 500;

interface MemberRow { email: string; first_name: string; username: string; status: string; last_digest_at: Date | string | null }
interface ConversationRow {
  sender_id: string; username: string; first_name: string; last_name: string; count: number; latest: string[];
  first_at: Date | string; last_at: Date | string;
}
interface ItemRow { id: string; kind: string; title: string; body: string; link: string; created_at: Date | string }

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
// Times go to the database as ISO text, cast where they are used: the same on both drivers.
const iso = (value: Date) => value.toISOString();
const latest = (...times: Array<Date | null>) => {
  const known = times.filter((time): time is Date => time !== null);
  return known.length === 0 ? null : new Date(Math.max(...known.map((time) => time.getTime())));
};
const earliest = (...times: Array<Date | null>) => {
  const known = times.filter((time): time is Date => time !== null);
  return known.length === 0 ? null : new Date(Math.min(...known.map((time) => time.getTime())));
};

/**
 * A notification `n` of the member's about what has gone since it was made: its actor blocked
 * either way or no longer active (a deleted account took its notifications with it), or the
 * comment it quotes deleted or hidden. Neither the digest nor push (modules/push) sends one.
 */
export const notificationGone = (userId: string) => sql`(
    exists (select 1 from users a where a.id = n.actor_id and a.status <> 'active')
    or exists (
      select 1 from blocks b
      where (b.blocker_id = ${userId} and b.blocked_id = n.actor_id) or (b.blocker_id = n.actor_id and b.blocked_id = ${userId})
    )
    or (n.comment_id is not null and not exists (select 1 from whisper_comments c where c.id = n.comment_id and c.hidden_at is null)))`;

/**
 * The member's digest, run by their 'email-digest' job at `now`; the delay is
 * NOTIFY_EMAIL_DELAY_SECONDS. Never one e-mail per message, nothing for what was read meanwhile:
 * - What it may send: the unread messages to the member made since the last digest dealt with
 *   their messages (users.messages_mailed_until), from active members neither side blocked, not
 *   hidden by moderators, when the member wants messages by e-mail; and the unread notifications
 *   made with `email` and not yet e-mailed (`emailed_at`), except those of a member blocked either
 *   way or no longer active (`actor_id`) or quoting a comment deleted or hidden (`comment_id`),
 *   which are dropped from e-mail for good.
 * - When: once the oldest of it is a delay old, and a delay after the member's last digest
 *   (users.last_digest_at). Then one e-mail carries all of it, the young included: a slow, steady
 *   conversation gets an e-mail a delay at most, never one per message.
 * What it sent is marked after the send (`emailed_at`; the messages' mark moves past them;
 * `last_digest_at`): a failed send (thrown: the job is tried again with backoff) marks nothing. A
 * crash between the send and the mark would send it again: twice is better than never for a message.
 * Answers when to come back for what is left: when the oldest of it is a delay old, and not before
 * a delay after the last digest.
 */
export async function runDigest({ db, mailer, config }: DigestDeps, userId: string, now: Date): Promise<void | { again: Date }> {
  const delayMs = config.notifyEmailDelaySeconds * 1000;
  const upTo = new Date(now.getTime() - SETTLE_MS);
  const [member] = rowsOf<MemberRow>(await db.execute(sql`
    select email, first_name, username, status, last_digest_at from users where id = ${userId}`));
  if (!member || member.status === 'deactivated') return;
  const lastSent = date(member.last_digest_at);
  // The messages' mark is compared in the database, never read into a Date: it keeps microseconds,
  // a Date only milliseconds, and a message at the mark's own time would be told again.
  const since = sql`(select messages_mailed_until from users where id = ${userId})`;
  const wantsMessages = (await preferencesOf(db, userId)).find((item) => item.kind === 'message')!.email;
  const messageShown = sql`m.receiver_id = ${userId} and m.read_at is null and m.hidden_at is null and m.created_at > ${since} and ${wantsMessages}::boolean
    and exists (select 1 from users sender where sender.id = m.sender_id and sender.status = 'active')
    and not exists (
      select 1 from blocks b
      where (b.blocker_id = ${userId} and b.blocked_id = m.sender_id) or (b.blocker_id = m.sender_id and b.blocked_id = ${userId})
    )`;
  // The member's notifications waiting for e-mail (notifications_email_pending_idx), and those of
  // them about what has gone since: their actor blocked either way or no longer active (a deleted
  // account took its notifications with it), or the comment they quote deleted or hidden.
  const pending = sql`n.user_id = ${userId} and n.email and n.emailed_at is null and not n.read`;
  const gone = notificationGone(userId);
  // Never to be e-mailed (one waiting for e-mail only is done with: read), even if the block is lifted
  // or the comment restored later: none is dredged up.
  await db.execute(sql`update notifications n set email = false, read = n.read or not n.in_app where ${pending} and ${gone}`);

  // Per sender: how many unread messages, and the latest few (messages_receiver_unread_idx).
  const conversations = wantsMessages ? rowsOf<ConversationRow>(await db.execute(sql`
    select m.sender_id, s.username, s.first_name, s.last_name, count(*)::int as count,
      (array_agg(m.content order by m.created_at desc))[1:${sql.raw(String(QUOTED_PER_SENDER))}] as latest,
      min(m.created_at) as first_at, max(m.created_at) as last_at
    from messages m join users s on s.id = m.sender_id
    where ${messageShown} and m.created_at <= ${iso(upTo)}::timestamptz
    group by m.sender_id, s.username, s.first_name, s.last_name
    order by last_at desc`)) : [];
  const items = rowsOf<ItemRow>(await db.execute(sql`
    select n.id, n.kind, n.title, n.body, n.link, n.created_at from notifications n
    where ${pending} and not ${gone}
    order by n.created_at
    limit ${ITEMS_MAX + 1}`));
  const sending = items.slice(0, ITEMS_MAX);

  const oldest = earliest(...conversations.map((row) => date(row.first_at)), date(sending[0]?.created_at ?? null));
  const dueAt = oldest && latest(new Date(oldest.getTime() + delayMs), lastSent && new Date(lastSent.getTime() + delayMs))!;
  const sent = dueAt !== null && dueAt.getTime() <= now.getTime();
  if (sent) await mailer.send(digestMail(contentOf(config, userId, member, conversations, sending, now)));
  // Marked after the send: the notifications it carried, and when it went. The messages' mark
  // moves past every unread message up to `upTo` after a send (sent, or not to be sent: blocked,
  // not wanted by e-mail), and so it does when there is none to send (then only the unwanted ones
  // are passed), so none is told twice and none dredged up later; read ones never count again
  // anyway. The mark follows the messages' own times, never the clock's, which may differ from the database's.
  if (sent || conversations.length === 0) {
    await db.execute(sql`
      with sent as (
        update notifications set emailed_at = ${iso(now)}::timestamptz, read = read or not in_app
        where id = any(${sql.param(sent ? sending.map((item) => item.id) : [])}::uuid[]) and emailed_at is null
      )
      update users set
        last_digest_at = case when ${sent}::boolean then ${iso(now)}::timestamptz else last_digest_at end,
        messages_mailed_until = greatest(messages_mailed_until, (
          select max(created_at) from messages
          where receiver_id = ${userId} and read_at is null and created_at > users.messages_mailed_until and created_at <= ${iso(upTo)}::timestamptz
        ))
      where id = ${userId}`);
  }

  // What is left (younger than `upTo`, beyond ITEMS_MAX, or not yet due): the job comes back for it.
  const [left] = rowsOf<{ message: Date | string | null; item: Date | string | null }>(await db.execute(sql`
    select
      (select min(m.created_at) from messages m where ${messageShown}) as message,
      (select min(n.created_at) from notifications n where ${pending} and not ${gone}) as item`));
  const next = earliest(date(left.message), date(left.item));
  if (next === null) return;
  const previous = sent ? now : lastSent;
  return { again: latest(new Date(next.getTime() + delayMs), previous && new Date(previous.getTime() + delayMs))! };
}

function contentOf(config: DigestDeps['config'], userId: string, member: MemberRow, conversations: ConversationRow[], items: ItemRow[], now: Date) {
  const origin = publicOrigin(config);
  const kinds = [...new Set<ChoosableKind>([...(conversations.length > 0 ? ['message' as const] : []), ...items.map((item) => item.kind as ChoosableKind)])]
    // A 'general' notification (none goes by e-mail today) has no choice to unsubscribe from.
    .filter((kind) => (kind as string) !== 'general');
  const expiresAt = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000);
  const token = (of: ChoosableKind[]) => unsubscribeToken(config.jwtSecret!, { userId, kinds: of, expiresAt });
  return {
    to: member.email,
    name: member.first_name || member.username,
    conversations: conversations.slice(0, CONVERSATIONS_MAX).map((row): Conversation => ({
      senderName: `${row.first_name} ${row.last_name}`.trim() || row.username,
      senderUsername: row.username,
      count: row.count,
      latest: row.latest.map(firstLines),
      url: `${origin}/messages/${row.sender_id}`,
    })),
    messageCount: conversations.reduce((sum, row) => sum + row.count, 0),
    moreConversations: Math.max(0, conversations.length - CONVERSATIONS_MAX),
    inboxUrl: `${origin}/messages`,
    items: items.map((row): DigestItem => ({ title: row.title, body: row.body, url: `${origin}${row.link || '/'}` })),
    settingsUrl: `${origin}/settings/notifications`,
    unsubscribe: kinds.map((kind) => ({ kind, url: `${origin}/unsubscribe?token=${token([kind])}` })),
    oneClickUrl: `${origin}/api/notifications/unsubscribe?token=${token(kinds)}`,
  };
}
