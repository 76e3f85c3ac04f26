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
/** Notifications one e-mail holds; more wait for the next run, at once. */
const ITEMS_MAX = 30;

interface MemberRow { email: string; first_name: string; username: string; status: string }
interface ConversationRow { sender_id: string; username: string; first_name: string; last_name: string; count: number; latest: string[]; last_at: Date | string }
interface ItemRow { id: string; kind: string; title: string; body: string; link: string }

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
// Times go to the database as ISO text, cast where they are used: the same on both drivers.
const iso = (value: Date) => value.toISOString();

/**
 * The member's digest, run by their 'email-digest' job at `now`: one e-mail with what is still
 * unread and older than the delay (NOTIFY_EMAIL_DELAY_SECONDS), never one e-mail per message, and
 * nothing for what was read meanwhile.
 * - Messages: unread ones to the member made since the last digest dealt with their messages
 *   (users.messages_mailed_until) and before `now` − delay, from active members neither side
 *   blocked, not hidden by moderators; when the member wants messages by e-mail.
 * - Notifications: unread ones made with `email` and not yet e-mailed (`emailed_at`), older than the delay.
 * What it sent is marked after the send (`emailed_at`; the messages' mark moves past them): a
 * failed send (thrown: the job is tried again with backoff) marks nothing. A crash between the send
 * and the mark would send it again: twice is better than never for a message.
 * Answers when to come back for what is unread but younger than the delay (or did not fit).
 */
export async function runDigest({ db, mailer, config }: DigestDeps, userId: string, now: Date): Promise<void | { again: Date }> {
  const delayMs = config.notifyEmailDelaySeconds * 1000;
  const cutoff = new Date(now.getTime() - delayMs);
  const [member] = rowsOf<MemberRow>(await db.execute(sql`
    select email, first_name, username, status from users where id = ${userId}`));
  if (!member || member.status === 'deactivated') return;
  // The messages' mark is compared in the database, never read into a Date: it keeps microseconds,
  // a Date only milliseconds, and a message at the mark's own time would be told again.
  const since = sql`(select messages_mailed_until from users where id = ${userId})`;
  const wantsMessages = (await preferencesOf(db, userId)).find((item) => item.kind === 'message')!.email;

  // Per sender: how many unread messages in the window, and the latest few (messages_receiver_unread_idx).
  const conversations = wantsMessages ? rowsOf<ConversationRow>(await db.execute(sql`
    select m.sender_id, s.username, s.first_name, s.last_name, count(*)::int as count,
      (array_agg(m.content order by m.created_at desc))[1:${sql.raw(String(QUOTED_PER_SENDER))}] as latest, max(m.created_at) as last_at
    from messages m
    join users s on s.id = m.sender_id and s.status = 'active'
    where m.receiver_id = ${userId} and m.read_at is null and m.hidden_at is null
      and m.created_at > ${since} and m.created_at <= ${iso(cutoff)}::timestamptz
      and not exists (
        select 1 from blocks b
        where (b.blocker_id = ${userId} and b.blocked_id = m.sender_id) or (b.blocker_id = m.sender_id and b.blocked_id = ${userId})
      )
    group by m.sender_id, s.username, s.first_name, s.last_name
    order by last_at desc`)) : [];
  // notifications_email_pending_idx: the member's unread notifications waiting for e-mail, by age.
  const items = rowsOf<ItemRow>(await db.execute(sql`
    select id, kind, title, body, link from notifications
    where user_id = ${userId} and email and emailed_at is null and not read and created_at <= ${iso(cutoff)}::timestamptz
    order by created_at
    limit ${ITEMS_MAX + 1}`));
  const [young] = rowsOf<{ message: Date | string | null; item: Date | string | null }>(await db.execute(sql`
    select
      (select min(created_at) from messages where ${wantsMessages}::boolean and receiver_id = ${userId} and read_at is null and hidden_at is null
        and created_at > greatest(${since}, ${iso(cutoff)}::timestamptz)) as message,
      (select min(created_at) from notifications where user_id = ${userId} and email and emailed_at is null and not read and created_at > ${iso(cutoff)}::timestamptz) as item`));

  const sending = items.slice(0, ITEMS_MAX);
  if (conversations.length + sending.length > 0) {
    await mailer.send(digestMail(contentOf(config, userId, member, conversations, sending, now)));
  }
  // Marked after the send: the notifications it carried; and the messages' mark moves past every
  // unread message up to the cutoff (sent, or not to be sent: blocked, not wanted by e-mail), so
  // none is told twice and none dredged up later. Read ones never count again anyway. The mark
  // follows the messages' own times, never the clock's, which may differ from the database's.
  await db.execute(sql`
    with sent as (
      update notifications set emailed_at = ${iso(now)}::timestamptz, read = read or not in_app
      where id = any(${sql.param(sending.map((item) => item.id))}::uuid[]) and emailed_at is null
    )
    update users set messages_mailed_until = greatest(messages_mailed_until, (
      select max(created_at) from messages
      where receiver_id = ${userId} and read_at is null and created_at > users.messages_mailed_until and created_at <= ${iso(cutoff)}::timestamptz
    )) where id = ${userId}`);

  if (items.length > ITEMS_MAX) return { again: now };
  const next = [date(young.message), date(young.item)].filter((value): value is Date => value !== null);
  if (next.length === 0) return;
  // A millisecond more: the time comes back as a Date (milliseconds) from one with microseconds.
  return { again: new Date(Math.min(...next.map((value) => value.getTime())) + delayMs + 1) };
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
