import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events, needs, skills } from '../db/schema.js';

/**
 * Marks (or unmarks) every need, event and skill of a member as a suspended author's: the search's
 * view and the map layer filter on that column of the row (migration 0017 says why not on users).
 * Call it in the transaction that changes the member's status.
 */
export async function markAuthorSuspended(tx: Db, userId: string, suspended: boolean): Promise<void> {
  await tx.update(needs).set({ authorSuspended: suspended }).where(eq(needs.userId, userId));
  await tx.update(events).set({ authorSuspended: suspended }).where(eq(events.createdBy, userId));
  await tx.update(skills).set({ authorSuspended: suspended }).where(eq(skills.userId, userId));
}

/**
 * `author_suspended` for a need, event or skill being inserted: from the author's status as the
 * insert reads it, so a post stored while (or after) its author is suspended is marked as those
 * already there were. FOR SHARE waits for a suspension or a lift changing that status to commit
 * (and holds one off until the insert commits), so the row is marked either here or by
 * `markAuthorSuspended`, never missed between the two.
 */
export const authorSuspendedAtInsert = (userId: string): SQL<boolean> =>
  sql<boolean>`coalesce((select u.status = 'suspended' from users u where u.id = ${userId} for share), false)`;
