import type { Limits } from '../config.js';
import type { Db } from '../db/client.js';
import { limitKeys } from './limit-keys.js';
import { clearHits, takeHits } from './quota.js';

/**
 * Per-account guessing limit for every password check (login, password change, sudo confirm):
 * the check is counted as a failure *before* it runs, in one locked step, so a parallel burst of
 * guesses gets at most `loginFailures` checks in the window and 429 (`full`) for the rest; a right
 * password clears the account's count. `account` is `user:<id>`, or `name:<lower-cased name>` for
 * names no account has (locked the same way, so the lock reveals nothing).
 */
export async function checkPasswordGuarded(
  db: Db,
  limits: Limits,
  account: string,
  full: () => Error,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const key = limitKeys.passwordChecks(account);
  await takeHits(db, [{ key, max: limits.loginFailures, windowMs: limits.loginLockWindowMs }], full);
  const right = await verify();
  if (right) await clearHits(db, [key]);
  return right;
}
