import type { Static } from '@fastify/type-provider-typebox';
import { aliasedTable, and, desc, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, friendRequests, users } from '../../db/schema.js';
import { hiddenAuthorsFor, lockPair } from '../../lib/blocks.js';
import { createNotification } from '../notifications/service.js';
import type { FriendRequestSchema } from './schemas.js';

type RequestDto = Static<typeof FriendRequestSchema>;
export type FriendStatus = 'none' | 'pending-sent' | 'pending-received' | 'friends';

const sender = aliasedTable(users, 'sender');
const receiver = aliasedTable(users, 'receiver');
const person = (table: typeof sender) => ({
  _id: table.id, firstName: table.firstName, lastName: table.lastName, username: table.username, avatar: table.profileImage,
});

async function requestsWhere(db: Db, where: ReturnType<typeof and>, limit = 200): Promise<RequestDto[]> {
  const rows = await db.select({
    id: friendRequests.id, status: friendRequests.status, createdAt: friendRequests.createdAt, sender: person(sender), receiver: person(receiver),
  }).from(friendRequests)
    .innerJoin(sender, eq(sender.id, friendRequests.senderId))
    .innerJoin(receiver, eq(receiver.id, friendRequests.receiverId))
    .where(where)
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
    .limit(limit);
  return rows.map(({ id, createdAt, ...rest }) => ({ _id: id, createdAt: createdAt.toISOString(), ...rest }));
}

/** Not with the members blocked either way (`hiddenAuthorsFor`): none when there are none. */
const notWith = (column: typeof friendRequests.senderId, hidden: readonly string[]) => hidden.length > 0 ? notInArray(column, [...hidden]) : undefined;

/** The requests waiting for the user's answer, newest first (none from a member blocked either way). */
export const pendingFor = async (db: Db, userId: string) =>
  requestsWhere(db, and(eq(friendRequests.receiverId, userId), eq(friendRequests.status, 'pending'), eq(sender.status, 'active'),
    notWith(friendRequests.senderId, await hiddenAuthorsFor(db, userId))));

/**
 * The requests the user sent, newest first, whatever became of them; none to a member blocked either
 * way. Blocking deletes the pair's pending and accepted requests; a rejected one stays as history,
 * left out here while the block lasts.
 */
export const sentBy = async (db: Db, userId: string) =>
  requestsWhere(db, and(eq(friendRequests.senderId, userId), eq(receiver.status, 'active'), notWith(friendRequests.receiverId, await hiddenAuthorsFor(db, userId))));

/** Where two users stand: friends, a request pending one way or the other, or nothing. */
export async function friendStatus(db: Db, me: string, them: string): Promise<FriendStatus> {
  const [row] = await db.select({ senderId: friendRequests.senderId, status: friendRequests.status }).from(friendRequests)
    .where(and(
      or(and(eq(friendRequests.senderId, me), eq(friendRequests.receiverId, them)), and(eq(friendRequests.senderId, them), eq(friendRequests.receiverId, me))),
      sql`${friendRequests.status} in ('pending', 'accepted')`,
    ))
    .orderBy(sql`${friendRequests.status} = 'accepted' desc`)
    .limit(1);
  if (!row) return 'none';
  if (row.status === 'accepted') return 'friends';
  return row.senderId === me ? 'pending-sent' : 'pending-received';
}

export type SendOutcome = { outcome: 'missing' } | { outcome: 'blocked' } | { outcome: 'friends' } | { outcome: 'pending' } | { outcome: 'sent'; request: RequestDto };

/**
 * Sends a request to an active user neither blocked. The pair's unique index (pending) makes two requests at once,
 * in either direction, end in one: the loser answers 'pending'.
 */
export async function sendRequest(db: Db, me: string, them: string): Promise<SendOutcome> {
  return db.transaction(async (tx) => {
    await lockPair(tx as unknown as Db, me, them); // takes turns with a block between them
    const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, them), eq(users.status, 'active')));
    if (!target) return { outcome: 'missing' };
    // Blocked either way: no request (blocking ended the pending ones, modules/blocks).
    const [blocked] = await tx.select({ at: blocks.createdAt }).from(blocks).where(or(
      and(eq(blocks.blockerId, me), eq(blocks.blockedId, them)), and(eq(blocks.blockerId, them), eq(blocks.blockedId, me)),
    )).limit(1);
    if (blocked) return { outcome: 'blocked' };
    const status = await friendStatus(tx as unknown as Db, me, them);
    if (status === 'friends') return { outcome: 'friends' };
    if (status !== 'none') return { outcome: 'pending' };
    const [made] = await tx.insert(friendRequests).values({ senderId: me, receiverId: them }).onConflictDoNothing().returning({ id: friendRequests.id });
    if (!made) return { outcome: 'pending' };
    const [request] = await requestsWhere(tx as unknown as Db, eq(friendRequests.id, made.id), 1);
    await createNotification(tx, them, { kind: 'friend-request', actorId: me, link: '/all-requests', title: 'Friend request', body: `@${request.sender.username} sent you a friend request.` });
    return { outcome: 'sent', request };
  });
}

export type AnswerOutcome = { outcome: 'missing' } | { outcome: 'answered' } | { outcome: 'done'; status: 'accepted' | 'rejected'; senderId: string };

/**
 * Accepts or rejects a request sent to the user: one conditional UPDATE (still pending, and theirs),
 * so of an accept and a reject racing exactly one wins and the other finds it answered. The sender
 * hears of an acceptance.
 */
export async function answerRequest(db: Db, me: string, requestId: string, action: 'accept' | 'reject'): Promise<AnswerOutcome> {
  const status = action === 'accept' ? 'accepted' : 'rejected';
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(friendRequests).set({ status, answeredAt: new Date() })
      .where(and(eq(friendRequests.id, requestId), eq(friendRequests.receiverId, me), eq(friendRequests.status, 'pending')))
      .returning({ senderId: friendRequests.senderId });
    if (!updated) {
      const [existing] = await tx.select({ id: friendRequests.id }).from(friendRequests)
        .where(and(eq(friendRequests.id, requestId), eq(friendRequests.receiverId, me)));
      return { outcome: existing ? 'answered' : 'missing' };
    }
    if (status === 'accepted') {
      const [answerer] = await tx.select({ username: users.username }).from(users).where(eq(users.id, me));
      await createNotification(tx, updated.senderId, { kind: 'friend-request', actorId: me, link: `/whispers/profile/${me}`, title: 'Friend request accepted', body: `@${answerer.username} accepted your friend request.` });
    }
    return { outcome: 'done', status, senderId: updated.senderId };
  });
}
