import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, loginFailures, needs, otpSends, sessions, skills, users, whispers } from '../../db/schema.js';
import { failure } from '../../lib/http-error.js';
import type { LoginLockout } from '../../lib/login-lockout.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { TOO_MANY_REQUESTS } from '../otp/send-limit.js';

/**
 * Deletes the account in one transaction: the user row, and by its cascades their sessions (so every
 * token is dead), notifications, needs, events, skills, whispers, likes, follows in both directions,
 * challenge participation and codes; plus the rows keyed by id or address without a foreign key
 * (login failures, code-send counters). Resolves to the upload paths the rows named (the caller
 * deletes the files once committed), or undefined when there was no such account.
 */
export function deleteAccount(db: Db, userId: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const owned = [
      ...(await tx.select({ paths: needs.images }).from(needs).where(eq(needs.userId, userId))),
      ...(await tx.select({ paths: sql<string[]>`array[${events.thumbnail}]` }).from(events).where(eq(events.createdBy, userId))),
      ...(await tx.select({ paths: sql<string[]>`${skills.images} || ${skills.portfolioImages} || ${skills.thumbnail}` })
        .from(skills).where(eq(skills.userId, userId))),
      ...(await tx.select({ paths: whispers.images }).from(whispers).where(eq(whispers.userId, userId))),
    ].flatMap((row) => row.paths);
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email, profileImage: users.profileImage });
    if (!user) return undefined;
    await tx.delete(loginFailures).where(eq(loginFailures.accountKey, `user:${userId}`));
    await tx.delete(otpSends).where(inArray(otpSends.key, [`user:${userId}`, `email:${user.email.toLowerCase()}`]));
    return [user.profileImage, ...owned];
  });
}

export interface PasswordChange {
  userId: string;
  /** The caller's session, which stays valid; every other session of the user is revoked. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * Checks the current password (wrong tries count toward the login lockout of the account, so a
 * stolen token cannot guess it) and sets the new one, revoking the user's other sessions in the
 * same transaction.
 */
export async function changePassword(db: Db, lockout: LoginLockout, change: PasswordChange): Promise<void> {
  const accountKey = `user:${change.userId}`;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, change.userId)).limit(1);
  if (!user) throw failure(404, 'User not found');
  if (await lockout.isLocked(accountKey)) throw failure(429, TOO_MANY_REQUESTS);
  if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
    await lockout.recordFailure(accountKey);
    throw failure(400, 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, change.userId));
    await tx.update(sessions).set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, change.userId), ne(sessions.id, change.sessionId), isNull(sessions.revokedAt)));
  });
  await lockout.clear(accountKey);
}
