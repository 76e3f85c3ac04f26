import type { Db } from '../../db/client.js';
import { appliedMigrationAt } from '../../db/migration-state.js';

export const DATABASE_UNREACHABLE = 'Database is not reachable';
export const MIGRATIONS_PENDING = 'Database migrations are pending';
// A probe answers within a second whatever the database does: a load balancer takes an instance
// whose database stopped answering out of rotation at once (the pool would wait its 5 s for a connection).
const TIMEOUT_MS = 900;

/** Why the server is not ready for traffic, or undefined when it is. */
export async function checkReady(db: Db, newestMigrationAt: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  // A database that stopped answering (not refusing) must not hold the probe until its own timeout.
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
  });
  try {
    const applied = await Promise.race([appliedMigrationAt(db), timeout]);
    if (applied === 'timeout') return DATABASE_UNREACHABLE;
    return applied >= newestMigrationAt ? undefined : MIGRATIONS_PENDING;
  } catch {
    return DATABASE_UNREACHABLE;
  } finally {
    clearTimeout(timer);
  }
}
