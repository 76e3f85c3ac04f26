import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { failure } from '../../lib/http-error.js';
import { checkOtp, dropOtps } from '../otp/service.js';

export const EMAIL_IN_USE = 'Email already in use';

/** 409 when another account holds the address, 400 when it is already the caller's. */
export async function assertEmailAvailable(db: Db, userId: string, email: string): Promise<void> {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  if (!holder) return;
  if (holder.id === userId) throw failure(400, 'This is already your email address.');
  throw failure(409, EMAIL_IN_USE);
}

/**
 * Checks the caller's e-mail-change code for `email` and, when right, makes it the account's address,
 * all in one transaction. A wrong code returns (so its counted try commits); a race for the address
 * is decided by the unique index (409). Pending password-reset codes went to the old address: dropped.
 */
export async function confirmEmailChange(db: Db, secret: string, userId: string, email: string, code: string) {
  try {
    return await db.transaction(async (tx) => {
      const right = await checkOtp(tx, secret, { purpose: 'email-change', email, code, userId, consume: true });
      if (!right) return undefined;
      const [old] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      const [user] = await tx.update(users).set({ email })
        .where(and(eq(users.id, userId), ne(users.email, email))).returning();
      if (!old || !user) return undefined;
      await dropOtps(tx, userId, 'password-reset');
      return { user, oldEmail: old.email };
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw failure(409, EMAIL_IN_USE);
    throw error;
  }
}
