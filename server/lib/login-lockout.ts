import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

/**
 * Per-account login throttling: `max` failures within `windowMs` lock the account key for the
 * rest of the window. Stored in Postgres so every instance counts the same failures.
 */
export interface LoginLockout {
  isLocked(accountKey: string): Promise<boolean>;
  recordFailure(accountKey: string): Promise<void>;
  clear(accountKey: string): Promise<void>;
}

export function createLoginLockout(db: Db, max: number, windowMs: number): LoginLockout {
  const since = () => sql`now() - make_interval(secs => ${windowMs / 1000})`;
  return {
    async isLocked(accountKey) {
      const [row] = await db
        .select({ failures: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, since())));
      return row.failures >= max;
    },
    async recordFailure(accountKey) {
      await db.insert(loginFailures).values({ accountKey });
      // Old rows count for nothing; pruning them here keeps the table small without a timer.
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, since()));
    },
    async clear(accountKey) {
      await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
    },
  };
}
