import { and, count, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { limitHits } from '../db/schema.js';

/** At most `max` hits on `key` within the last `windowMs`. */
export interface Quota {
  key: string;
  max: number;
  windowMs: number;
}

/** Hits older than this count for nothing under any quota and are pruned. */
export const LONGEST_WINDOW_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

const since = (windowMs: number) => sql`now() - make_interval(secs => ${windowMs / 1000})`;

/**
 * Counts one hit on every quota, or throws `full()` when any of them is used up (and then counts
 * nothing). Check and count are one transaction holding an advisory lock per key, taken in sorted
 * order so two callers never deadlock: concurrent hits on a key are counted one after the other,
 * so a burst can never slip past the limit. Resolves to the ids of the counted hits, which
 * `returnHits` takes back (a right password or code does not count as a failure).
 */
export async function takeHits(db: Db, quotas: Quota[], full: () => Error): Promise<string[]> {
  return (await takeCountedHits(db, quotas, full)).ids;
}

/**
 * `takeHits`, also telling how many hits each quota already had in its window (`before`, in the
 * order of `quotas`). A quota of `max: Infinity` is only counted, never full: concurrent callers
 * each see the ones counted before them, so a parallel burst sees its count grow.
 */
export async function takeCountedHits(db: Db, quotas: Quota[], full: () => Error): Promise<{ ids: string[]; before: number[] }> {
  const counted = await countIfRoom(db, quotas);
  if (!counted) throw full();
  return counted;
}

/**
 * Counts one hit on every quota unless one of them is used up: true when counted, false when full
 * (nothing counted). For a quota that decides whether something happens rather than refusing a
 * request (a "New follower" told once a day).
 */
export async function tryTakeHits(db: Db, quotas: Quota[]): Promise<boolean> {
  return (await countIfRoom(db, quotas)) !== undefined;
}

/** The one locked check-and-count step of `takeCountedHits` and `tryTakeHits`; undefined when a quota is full. */
async function countIfRoom(db: Db, quotas: Quota[]): Promise<{ ids: string[]; before: number[] } | undefined> {
  for (const quota of quotas) {
    if (quota.windowMs > LONGEST_WINDOW_MS) throw new Error(`quota window of ${quota.key} is longer than ${LONGEST_WINDOW_MS} ms`);
  }
  const keys = quotas.map((quota) => quota.key);
  const counted = await db.transaction(async (tx) => {
    for (const key of [...new Set(keys)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const before: number[] = [];
    for (const quota of quotas) {
      const [row] = await tx.select({ hits: count() }).from(limitHits)
        .where(and(inArray(limitHits.key, [quota.key]), gt(limitHits.createdAt, since(quota.windowMs))));
      if (row.hits >= quota.max) return undefined;
      before.push(row.hits);
    }
    const rows = await tx.insert(limitHits).values(keys.map((key) => ({ key }))).returning({ id: limitHits.id });
    return { ids: rows.map((row) => row.id), before };
  });
  await pruneHits(db);
  return counted;
}

/** Uncounts hits `takeHits` counted. */
export async function returnHits(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(limitHits).where(inArray(limitHits.id, ids));
}

/** Forgets every hit on these keys (a successful login clears its failures; a deleted account its counters). */
export async function clearHits(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(limitHits).where(inArray(limitHits.key, keys));
}

/** Old hits count for nothing; pruning now and then keeps the table small without a timer. */
async function pruneHits(db: Db): Promise<void> {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  await db.delete(limitHits).where(lt(limitHits.createdAt, since(LONGEST_WINDOW_MS)));
}
