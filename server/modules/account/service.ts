import { eq, sql } from 'drizzle-orm';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { events, needs, skills, users, whispers } from '../../db/schema.js';
import { failure, fieldError } from '../../lib/http-error.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { checkPasswordGuarded, sudoTarget } from '../../lib/login-lockout.js';
import { TOO_MANY_REQUESTS } from '../../lib/otp/send-limit.js';
import { passwordProblem } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clearHits } from '../../lib/quota.js';
import type { SessionScope } from '../../lib/sessions.js';
import { WRONG_CURRENT_PASSWORD } from './sudo.js';
import { userChanged } from '../../lib/cached-reads.js';

/** `app.endSessions`: revokes sessions and drops their sockets, inside the caller's transaction. */
export type EndSessions = (scope: SessionScope, db: Db) => Promise<void>;

const userGone = () => failure(404, 'User not found');

/**
 * Deletes the account in one transaction: every session ends first (tokens and sockets), then the
 * user row, and by its cascades their notifications, needs, events, skills, whispers, likes, follows
 * in both directions, challenge participation and codes; plus the limit counters keyed by id or
 * address. Resolves to the upload paths the rows named (the caller deletes the files once committed).
 */
export function deleteAccount(db: Db, endSessions: EndSessions, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const owned = [
      ...(await tx.select({ paths: needs.images }).from(needs).where(eq(needs.userId, userId))),
      ...(await tx.select({ paths: sql<string[]>`array[${events.thumbnail}]` }).from(events).where(eq(events.createdBy, userId))),
      ...(await tx.select({ paths: sql<string[]>`${skills.images} || ${skills.portfolioImages} || ${skills.thumbnail}` })
        .from(skills).where(eq(skills.userId, userId))),
      ...(await tx.select({ paths: whispers.images }).from(whispers).where(eq(whispers.userId, userId))),
    ].flatMap((row) => row.paths);
    await endSessions({ userId }, tx);
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email, profileImage: users.profileImage });
    if (!user) throw userGone();
    await userChanged(tx, userId, { shown: true }); // the account's posts go with it
    await clearHits(tx, limitKeys.ofAccount(userId, user.email.toLowerCase()));
    return [user.profileImage, ...owned];
  });
}

export interface PasswordChange {
  userId: string;
  /** The caller's session, which stays valid; every other session of the user ends. */
  sessionId: string;
  /** The caller's client address (request.ip): wrong current passwords are limited per user and address. */
  ip: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * Checks the current password (each check is counted per user and client address before it runs,
 * so a stolen token cannot guess it, and an outsider's wrong logins cannot refuse it), applies the
 * password policy, and sets the new password, ending the user's other sessions in the same transaction.
 */
export async function changePassword(db: Db, limits: Limits, endSessions: EndSessions, change: PasswordChange): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash, username: users.username, email: users.email })
    .from(users).where(eq(users.id, change.userId)).limit(1);
  if (!user) throw userGone();
  const right = await checkPasswordGuarded(db, limits, { target: sudoTarget(change.userId), ip: change.ip }, () => failure(429, TOO_MANY_REQUESTS),
    () => verifyPassword(user.passwordHash, change.currentPassword));
  if (!right) throw fieldError(400, WRONG_CURRENT_PASSWORD, 'currentPassword', { status: false });
  const problem = passwordProblem(change.newPassword, user);
  if (problem) throw fieldError(400, problem, 'newPassword', { status: false });
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, change.userId));
    await userChanged(tx, change.userId, { shown: false });
    await endSessions({ userId: change.userId, except: change.sessionId }, tx);
  });
}
