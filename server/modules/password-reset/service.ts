import { and, eq, sql } from 'drizzle-orm';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { failure, fieldError } from '../../lib/http-error.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { loginTarget, sudoTarget } from '../../lib/login-lockout.js';
import { checkOtp, checkOtpCapped, issueOtp } from '../../lib/otp/service.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { clearHits } from '../../lib/quota.js';
import type { EndSessions } from '../account/service.js';
import { userChanged } from '../../lib/cached-reads.js';

export const INVALID_CODE = 'Invalid OTP. Please try again.';
export const RESET_FAILED = 'Failed to reset password. Try again.';

/** The active account with this address, if any. */
export async function findActiveUserByEmail(db: Db, email: string) {
  const [user] = await db.select({ id: users.id, email: users.email, username: users.username }).from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.status, 'active'))).limit(1);
  return user;
}

/** A reset code for the account with this address, or undefined when there is none. */
export async function issueResetCode(db: Db, secret: string, email: string): Promise<string | undefined> {
  const user = await findActiveUserByEmail(db, email);
  if (!user) return undefined;
  return issueOtp(db, secret, { userId: user.id, purpose: 'password-reset', email });
}

/** Checks a reset code without using it (the code screen), under the address's cap of wrong codes. */
export async function verifyResetCode(db: Db, secret: string, limits: Limits, email: string, code: string): Promise<void> {
  const userId = await checkOtpCapped(db, secret, limits, { purpose: 'password-reset', email, code, consume: false });
  if (!userId) throw failure(400, INVALID_CODE);
}

export interface PasswordReset {
  email: string;
  code: string;
  newPassword: string;
  /** The client address (request.ip): its own wrong passwords on the account are forgiven. */
  ip: string;
}

/**
 * Checks the code (under the address's cap of wrong codes) and the password policy, then uses the
 * code and sets the password in one transaction: the code is marked used by the same UPDATE that
 * checks it again, so of concurrent submits exactly one wins. Every session of the user ends, and
 * the resetting address's wrong passwords on the account's username, e-mail and sudo checks are
 * forgotten (a member locked out by their own typos gets in at once; others' counts stay, see
 * lib/login-lockout.ts). Resolves to the user id.
 */
export async function resetPassword(db: Db, secret: string, limits: Limits, endSessions: EndSessions, reset: PasswordReset) {
  const check = { purpose: 'password-reset', email: reset.email, code: reset.code } as const;
  // A wrong code is refused (and counted) before paying for a password hash.
  const userId = await checkOtpCapped(db, secret, limits, { ...check, consume: false });
  if (!userId) throw failure(400, RESET_FAILED);
  const [owner] = await db.select({ username: users.username, email: users.email }).from(users).where(eq(users.id, userId));
  const problem = passwordProblem(reset.newPassword, owner);
  if (problem) throw fieldError(400, problem, 'newPassword', { status: false });
  const passwordHash = await hashPassword(reset.newPassword);
  const done = await db.transaction(async (tx) => {
    if (!(await checkOtp(tx, secret, { ...check, consume: true }))) return false; // used meanwhile
    const [user] = await tx.update(users).set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.status, 'active'))).returning({ id: users.id });
    if (!user) return false;
    await userChanged(tx, userId, { shown: false });
    await endSessions({ userId }, tx);
    await clearHits(tx, [loginTarget(owner.username), loginTarget(owner.email), sudoTarget(userId)]
      .map((target) => limitKeys.passwordChecksFrom(target, reset.ip)));
    return true;
  });
  if (!done) throw failure(400, RESET_FAILED);
  return userId;
}
