import type { Static } from '@fastify/type-provider-typebox';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, follows, friendRequests, users } from '../../db/schema.js';
import { blocksChanged, lockPair } from '../../lib/blocks.js';
import type { BlockedMember } from './schemas.js';

/** The members the user blocked, newest first (accounts that went or were suspended included: they may come back). */
export async function blockedBy(db: Db, userId: string): Promise<Array<Static<typeof BlockedMember>>> {
  const rows = await db.select({
    id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, profileImage: users.profileImage, blockedAt: blocks.createdAt,
  }).from(blocks).innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(500);
  return rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() }));
}

/**
 * Blocks `them` for `me`, in one transaction: the block row (once: blocking again changes nothing),
 * and the end of what joined them: follows both ways, friend requests pending either way, and a
 * friendship. Nobody is told. False when there is no such user (any status: a suspended member can
 * be blocked too, silently). The pair's lock (`lockPair`) makes a follow or friend request racing
 * it come wholly before (and be ended here) or after (and find the block).
 */
export async function block(db: Db, me: string, them: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockPair(tx as unknown as Db, me, them); // a follow or friend request between them at this moment waits, or is waited for
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, them));
    if (!target) return false;
    await tx.insert(blocks).values({ blockerId: me, blockedId: them }).onConflictDoNothing();
    await tx.delete(follows).where(or(
      and(eq(follows.followerId, me), eq(follows.followeeId, them)), and(eq(follows.followerId, them), eq(follows.followeeId, me)),
    ));
    await tx.delete(friendRequests).where(and(
      or(and(eq(friendRequests.senderId, me), eq(friendRequests.receiverId, them)), and(eq(friendRequests.senderId, them), eq(friendRequests.receiverId, me))),
      sql`${friendRequests.status} in ('pending', 'accepted')`,
    ));
    await blocksChanged(tx, me, them);
    return true;
  });
}

/** Takes `me`'s block of `them` back (nothing when there was none); what it ended stays ended. */
export async function unblock(db: Db, me: string, them: string): Promise<void> {
  const gone = await db.delete(blocks).where(and(eq(blocks.blockerId, me), eq(blocks.blockedId, them))).returning({ at: blocks.createdAt });
  if (gone.length > 0) await blocksChanged(db, me, them);
}
