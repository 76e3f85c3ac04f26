import { and, count, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { otpSends } from '../../db/schema.js';
import { failure } from '../../lib/http-error.js';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

export interface SendLimit {
  key: string;
  max: number;
}

/**
 * Counts one code send against every key (`email:…`, `ip:…`, `user:…`) and throws
 * 429 { status: false, message } when any key is at its limit within the window; a refused send is
 * not counted. One transaction holding an advisory lock per key (taken in sorted order, so two sends
 * never deadlock): concurrent sends on a key are counted one after the other, exactly.
 */
export async function countSend(db: Db, limits: SendLimit[], windowMs: number): Promise<void> {
  const since = sql`now() - make_interval(secs => ${windowMs / 1000})`;
  const keys = limits.map((limit) => limit.key);
  await db.transaction(async (tx) => {
    for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const counts = await tx.select({ key: otpSends.key, sends: count() }).from(otpSends)
      .where(and(inArray(otpSends.key, keys), gt(otpSends.createdAt, since)))
      .groupBy(otpSends.key);
    if (counts.some((row) => row.sends >= (limits.find((limit) => limit.key === row.key)?.max ?? 0))) throw failure(429, TOO_MANY_REQUESTS);
    await tx.insert(otpSends).values(keys.map((key) => ({ key })));
  });
  // Old rows count for nothing; pruning here keeps the table small without a timer.
  await db.delete(otpSends).where(lt(otpSends.createdAt, since));
}
