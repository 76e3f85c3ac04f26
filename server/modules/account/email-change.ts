import { and, eq, ne, sql } from 'drizzle-orm';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { failure } from '../../lib/http-error.js';
import { checkOtp, checkOtpCapped, dropOtps } from '../../lib/otp/service.js';
import type { EndSessions } from './service.js';
import { userChanged } from '../../lib/cached-reads.js';

export const EMAIL_IN_USE = 'Email already in use';
const INVALID_OTP = 'Invalid OTP.';

/** 409 when another account holds the address, 400 when it is already the caller's. */
export async function assertEmailAvailable(db: Db, userId: string, email: string): Promise<void> {
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  if (!holder) return;
  if (holder.id === userId) throw failure(400, 'This is already your email address.');
  throw failure(409, EMAIL_IN_USE);
}

export interface EmailChange {
  userId: string;
  /** The caller's session, which stays signed in; the others end. */
  sessionId: string;
  email: string;
  code: string;
}

/**
 * Checks the caller's e-mail-change code for the address (under the address's daily cap of wrong
 * codes) and, when right, makes it the account's address in one transaction that uses the code,
 * drops pending password-reset codes (they went to the old address) and ends the user's other
 * sessions. A race for the address is decided by the unique index (409).
 */
export async function confirmEmailChange(db: Db, secret: string, limits: Limits, endSessions: EndSessions, change: EmailChange) {
  const { userId, email, code } = change;
  const check = { purpose: 'email-change', email, code, userId } as const;
  if (!(await checkOtpCapped(db, secret, limits, { ...check, consume: false }))) throw failure(400, INVALID_OTP);
  try {
    const changed = await db.transaction(async (tx) => {
      if (!(await checkOtp(tx, secret, { ...check, consume: true }))) return undefined; // used meanwhile
      const [old] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
      const [user] = await tx.update(users).set({ email }).where(and(eq(users.id, userId), ne(users.email, email))).returning();
      if (!old || !user) return undefined;
      await userChanged(tx, userId, { shown: true });
      await dropOtps(tx, userId, 'password-reset');
      await endSessions({ userId, except: change.sessionId }, tx);
      return { user, oldEmail: old.email };
    });
    if (!changed) throw failure(400, INVALID_OTP);
    return changed;
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw failure(409, EMAIL_IN_USE);
    throw error;
  }
}
