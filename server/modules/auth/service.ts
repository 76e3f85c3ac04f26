import { and, eq, lte, sql } from 'drizzle-orm';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { userChanged } from '../../lib/cached-reads.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { markAuthorSuspended } from '../../lib/suspension.js';
import { conflict, forbidden, HttpError, tooManyRequests } from '../../lib/http-error.js';
import { checkPasswordGuarded, loginTarget } from '../../lib/login-lockout.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { openSession } from '../../lib/sessions.js';
import { createNotification, WELCOME_NOTIFICATION } from '../notifications/service.js';
import { conflictMessageForConstraint, findRegistrationConflict } from './conflicts.js';
import type { Registration } from './validation.js';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const DEACTIVATED = 'Your account has been deactivated. Please contact support.';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

/** Creates the account and its welcome notification in one transaction. */
export async function registerUser(db: Db, input: Registration) {
  // A taken name or address answers before paying for a hash (19 MiB of memory each).
  const known = await findRegistrationConflict(db, input);
  if (known) throw conflict(known);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const { password: _password, ...fields } = input;
      const [user] = await tx.insert(users).values({ ...fields, passwordHash }).returning();
      await createNotification(tx, user.id, WELCOME_NOTIFICATION);
      return user;
    });
  } catch (error) {
    // A concurrent registration won the race: the unique indexes decide, we only pick the words.
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    throw conflict((await findRegistrationConflict(db, input)) ?? conflictMessageForConstraint(constraint));
  }
}

function findLoginUser(db: Db, login: string) {
  const column = login.includes('@') ? users.email : users.username;
  return db.select().from(users).where(eq(sql`lower(${column})`, login.toLowerCase())).limit(1);
}

/**
 * A suspension whose end has passed is lifted at the member's next login (a conditional UPDATE):
 * true when it was, and they are an active member again from now on.
 */
function suspensionEnded(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lifted = await tx.update(users).set({ status: 'active', suspensionReason: null, suspendedAt: null, suspendedUntil: null })
      .where(and(eq(users.id, userId), eq(users.status, 'suspended'), lte(users.suspendedUntil, sql`now()`))).returning({ id: users.id });
    if (lifted.length === 0) return false;
    await markAuthorSuspended(tx, userId, false);
    await userChanged(tx, userId, { shown: true });
    return true;
  });
}

/**
 * Checks the credentials and opens a session. Unknown user and wrong password answer alike,
 * in about the same time; the account status is revealed only to someone who knows the password.
 * `ip` is the client address: wrong passwords lock that address out of the name typed, and slow
 * down every address's checks on it (lib/login-lockout.ts), whether or not an account has it.
 */
export async function loginUser(db: Db, limits: Limits, jwtSecret: string, attempt: { login: string; password: string; ip: string }) {
  const [user] = await findLoginUser(db, attempt.login);
  const valid = await checkPasswordGuarded(db, limits, { target: loginTarget(attempt.login), ip: attempt.ip }, () => tooManyRequests(TOO_MANY_LOGINS),
    () => (user ? verifyPassword(user.passwordHash, attempt.password) : burnPasswordCheck(attempt.password)));
  if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS);
  if (user.status !== 'active' && !(await suspensionEnded(db, user.id))) throw forbidden(DEACTIVATED);
  const token = await openSession(db, jwtSecret, user.id);
  return { user, token };
}
