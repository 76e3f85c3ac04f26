import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { checkOtp, issueOtp } from '../otp/service.js';

/** The active account with this address, if any. */
export async function findActiveUserByEmail(db: Db, email: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users)
    .where(and(eq(sql`lower(${users.email})`, email), eq(users.status, 'active'))).limit(1);
  return user;
}

/** A reset code for the account with this address, or undefined when there is none. */
export async function issueResetCode(db: Db, secret: string, email: string): Promise<string | undefined> {
  const user = await findActiveUserByEmail(db, email);
  if (!user) return undefined;
  return issueOtp(db, secret, { userId: user.id, purpose: 'password-reset', email });
}

/**
 * Uses the code and sets the password in one transaction: the code is marked used by the same UPDATE
 * that checks it again, so of concurrent submits exactly one wins. Every session of the user is revoked and
 * the login lockout cleared. Resolves to the user id, or undefined for a wrong, used or dead code.
 */
export async function resetPassword(db: Db, secret: string, email: string, code: string, newPassword: string) {
  // A wrong code is refused (and counted) before paying for a password hash.
  if (!(await checkOtp(db, secret, { purpose: 'password-reset', email, code, consume: false }))) return undefined;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const userId = await checkOtp(tx, secret, { purpose: 'password-reset', email, code, consume: true });
    if (!userId) return undefined; // commits the counted wrong try
    const [user] = await tx.update(users).set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.status, 'active'))).returning({ id: users.id });
    if (!user) return undefined;
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.delete(loginFailures).where(eq(loginFailures.accountKey, `user:${userId}`));
    return userId;
  });
}
