import { eq, or, sql } from 'drizzle-orm';
import { cachedRead, forget } from '../db/cache.js';
import type { Db } from '../db/client.js';
import { blocks } from '../db/schema.js';

/** Whom a member blocked, and who blocked them. */
export interface Blocks {
  blocked: readonly string[];
  blockedBy: readonly string[];
}

const NONE: Blocks = { blocked: [], blockedBy: [] };

/**
 * A member's blocks both ways, kept (db/cache.ts, kind 'blocks') until either side blocks or
 * unblocks (`blocksChanged`). Read on every signed-in list, detail and search: most members block
 * no one, and their answers come from the shared kept pages.
 */
export async function blocksOf(db: Db, userId: string): Promise<Blocks> {
  const kept = await cachedRead(db, 'blocks', userId, async () => {
    const rows = await db.select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId }).from(blocks)
      .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
    if (rows.length === 0) return NONE;
    return {
      blocked: rows.filter((row) => row.blockerId === userId).map((row) => row.blockedId),
      blockedBy: rows.filter((row) => row.blockedId === userId).map((row) => row.blockerId),
    };
  });
  return kept ?? NONE;
}

/**
 * The members whose posts a caller does not see, and who do not see the caller's: blocked either
 * way. Empty for visitors and for members with no blocks (they get the kept pages).
 */
export async function hiddenAuthorsFor(db: Db, userId: string | undefined): Promise<string[]> {
  if (!userId) return [];
  const { blocked, blockedBy } = await blocksOf(db, userId);
  if (blocked.length === 0 && blockedBy.length === 0) return [];
  return [...new Set([...blocked, ...blockedBy])];
}

/** Whether either of the two blocked the other. */
export async function blockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const { blocked, blockedBy } = await blocksOf(db, a);
  return blocked.includes(b) || blockedBy.includes(b);
}

/** Both members' kept blocks are stale (call with the handle that wrote: a transaction's forgets at its commit). */
export async function blocksChanged(db: Db, a: string, b: string): Promise<void> {
  await Promise.all([forget(db, 'blocks', a), forget(db, 'blocks', b)]);
}

/**
 * Takes the two members' pair lock for the rest of the transaction (`pg_advisory_xact_lock` on the
 * sorted pair, the same whichever side asks). A block and a follow or friend request between the
 * same two take turns: the one that comes second reads what the first committed (a follow finds
 * the block and is refused; a block finds the follow and ends it). Take it first in the
 * transaction, before anything is read of the pair.
 */
export async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`block-pair:${low}:${high}`}, 0))`);
}
