import type { Static } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../lib/pagination.js';
import { createNotification } from '../notifications/service.js';
import { findUserById } from '../users/service.js';
import type { Correspondent, InboxRow, MessageSchema } from './schemas.js';

type MessageDto = Static<typeof MessageSchema>;
type CorrespondentDto = Static<typeof Correspondent>;
type InboxRowDto = Static<typeof InboxRow>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();

interface MessageRow {
  id: string;
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
  sender_id: string;
  sender_username: string;
  sender_image: string;
  receiver_id: string;
  receiver_username: string;
  receiver_image: string;
}

const messageColumns = sql`
  m.id, m.content, m.created_at, m.read_at,
  m.sender_id, s.username as sender_username, s.profile_image as sender_image,
  m.receiver_id, r.username as receiver_username, r.profile_image as receiver_image`;
const withPeople = sql`join users s on s.id = m.sender_id join users r on r.id = m.receiver_id`;

const toMessageDto = (row: MessageRow): MessageDto => ({
  _id: row.id,
  content: row.content,
  createdAt: iso(row.created_at),
  sender: { _id: row.sender_id, username: row.sender_username, profileImage: row.sender_image },
  receiver: { _id: row.receiver_id, username: row.receiver_username, profileImage: row.receiver_image },
  read: row.read_at !== null,
});

/** An active user as a conversation shows them; undefined when there is none (a cached read: db/read-cache.ts). */
export async function findCorrespondent(db: Db, userId: string): Promise<CorrespondentDto | undefined> {
  const user = await findUserById(db, userId);
  return user?.status === 'active'
    ? { _id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, profileImage: user.profileImage }
    : undefined;
}

/** The inbox: one row per conversation (with an active user), the latest first, at most 100. */
export async function inbox(db: Db, me: string): Promise<{ rows: InboxRowDto[]; unreadTotal: number }> {
  const rows = rowsOf<MessageRow & { other_id: string; unread: number; first_name: string; last_name: string; username: string; profile_image: string }>(await db.execute(sql`
    select ${messageColumns}, o.id as other_id, o.username, o.first_name, o.last_name, o.profile_image,
      (select count(*)::int from messages u where u.sender_id = o.id and u.receiver_id = ${me} and u.read_at is null) as unread
    from (
      select distinct on (other_id) *
      from (
        select m.*, case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as other_id
        from messages m where m.sender_id = ${me} or m.receiver_id = ${me}
      ) mine
      order by other_id, created_at desc, id desc
    ) m
    ${withPeople}
    join users o on o.id = m.other_id and o.status = 'active'
    order by m.created_at desc, m.id desc
    limit 100`));
  const dtos = rows.map((row) => ({
    ...toMessageDto(row),
    with: { _id: row.other_id, username: row.username, firstName: row.first_name, lastName: row.last_name, profileImage: row.profile_image },
    unreadCount: row.unread,
  }));
  return { rows: dtos, unreadTotal: dtos.reduce((sum, row) => sum + row.unreadCount, 0) };
}

/** A page of the conversation between two users, newest page first, each page oldest first. */
export async function conversation(db: Db, me: string, other: string, { limit, cursor }: { limit: number; cursor?: string }) {
  // The statement names the table `m`: the cursor's condition is written against m's columns.
  const aliased = { createdAt: sql`m.created_at`, id: sql`m.id` } as unknown as Parameters<typeof pageOf>[0];
  const { where } = pageOf(aliased, cursor);
  const rows = rowsOf<MessageRow & { cursor: string }>(await db.execute(sql`
    select ${messageColumns},
      to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || m.id::text as cursor
    from messages m ${withPeople}
    where ((m.sender_id = ${me} and m.receiver_id = ${other}) or (m.sender_id = ${other} and m.receiver_id = ${me}))
      ${where ? sql`and ${where}` : sql``}
    order by m.created_at desc, m.id desc
    limit ${limit + 1}`));
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const nextCursor = more ? Buffer.from(page[page.length - 1].cursor).toString('base64url') : null;
  return { messages: page.reverse().map(toMessageDto), nextCursor };
}

/**
 * Stores a message: one statement (its own transaction), so it can be emitted the moment it is
 * committed. Answers the stored message, which the caller then emits.
 */
export async function storeMessage(db: Db, me: string, to: string, content: string): Promise<MessageDto> {
  const [row] = rowsOf<MessageRow>(await db.execute(sql`
    with m as (
      insert into messages (sender_id, receiver_id, content) values (${me}, ${to}, ${content}) returning *
    )
    select ${messageColumns} from m ${withPeople}`));
  return toMessageDto(row);
}

/** Tells the receiver of a message: one unread 'New message' notification per sender, not one per message. */
export async function notifyMessage(db: Db, message: MessageDto): Promise<void> {
  await createNotification(db, message.receiver._id, { title: 'New message', body: `@${message.sender.username} sent you a message.` });
}

/** Marks what the other user sent the caller as read; answers how many were unread. */
export async function markRead(db: Db, me: string, other: string): Promise<number> {
  const updated = rowsOf<{ id: string }>(await db.execute(sql`
    update messages set read_at = now()
    where receiver_id = ${me} and sender_id = ${other} and read_at is null
    returning id`));
  return updated.length;
}
