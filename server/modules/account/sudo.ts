import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.js';
import { failure, fieldError } from '../../lib/http-error.js';
import { checkPasswordGuarded, sudoTarget } from '../../lib/login-lockout.js';
import { TOO_MANY_REQUESTS } from '../../lib/otp/send-limit.js';
import { verifyPassword } from '../../lib/passwords.js';
import { markSessionVerified } from '../../lib/sessions.js';
import { callerOf } from '../../plugins/auth.js';

export const PASSWORD_REQUIRED = 'Please enter your current password to continue.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * "Sudo mode" (as GitHub has it) for the calls a stolen token must not be enough for (deleting the
 * account, moving its e-mail address, which then receives the password reset codes): the caller
 * proves the password, unless this session proved it within the last 10 minutes (signing in counts).
 * A missing password outside that window answers 403 naming the field, so the form can ask for it;
 * wrong passwords are limited per signed-in user and client address (lib/login-lockout.ts), apart
 * from logins: an outsider's wrong logins never refuse the owner's confirm.
 */
export async function confirmSudo(app: FastifyInstance, request: FastifyRequest, currentPassword: string | undefined): Promise<void> {
  const { user, session } = callerOf(request);
  if (!currentPassword) {
    if (session.sudo) return;
    throw fieldError(403, PASSWORD_REQUIRED, 'currentPassword', { status: false });
  }
  const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  const right = await checkPasswordGuarded(app.db, app.config.limits, { target: sudoTarget(user.id), ip: request.ip }, () => failure(429, TOO_MANY_REQUESTS),
    () => (row ? verifyPassword(row.passwordHash, currentPassword) : Promise.resolve(false)));
  if (!right) throw fieldError(400, WRONG_CURRENT_PASSWORD, 'currentPassword', { status: false });
  await markSessionVerified(app.db, session.id);
}
