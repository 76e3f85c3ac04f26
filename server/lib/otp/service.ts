import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { otps } from '../../db/schema.js';
import type { OtpPurpose } from '../../db/tables/otps.js';
import { failure } from '../http-error.js';
import { limitKeys } from '../limit-keys.js';
import { returnHits, takeHits } from '../quota.js';
import { generateCode, hashCode, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './codes.js';

export const TOO_MANY_WRONG_CODES = 'Too many wrong codes for this e-mail address. Please try again in 24 hours.';

export interface OtpTarget {
  userId: string;
  purpose: OtpPurpose;
  /** Lower-cased. */
  email: string;
}

/** Issues a code for the target, replacing the user's unused code of that purpose. Resolves to the code. */
export async function issueOtp(db: Db, secret: string, { userId, purpose, email }: OtpTarget): Promise<string> {
  const code = generateCode();
  const fresh = {
    email,
    codeHash: hashCode(secret, purpose, email, code),
    attempts: 0,
    expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
    createdAt: sql`now()`,
  };
  // One statement: a concurrent second send replaces the first instead of adding a second live code.
  await db.insert(otps).values({ userId, purpose, ...fresh })
    .onConflictDoUpdate({ target: [otps.userId, otps.purpose], targetWhere: isNull(otps.usedAt), set: fresh });
  // Used and expired codes are of no use after a day; pruning here keeps the table small without a timer.
  await db.delete(otps).where(lt(otps.expiresAt, sql`now() - interval '1 day'`));
  return code;
}

export interface OtpCheck {
  purpose: OtpPurpose;
  email: string;
  code: string;
  /** Only this user's code (e-mail change); a password reset finds the user by the address. */
  userId?: string;
  /** Mark the code used when it is right (in the same statement: a code is used once, also under concurrency). */
  consume: boolean;
}

/**
 * Checks a code in one UPDATE: a wrong code counts a try, a right one (when `consume`) is marked used.
 * Only live codes match (unused, unexpired, fewer than OTP_MAX_ATTEMPTS wrong tries). Resolves to the
 * code's user id when right, else undefined. Run it outside a transaction that may roll back, or the
 * counted try is lost.
 */
export async function checkOtp(db: Db, secret: string, check: OtpCheck): Promise<string | undefined> {
  const right = sql`${otps.codeHash} = ${hashCode(secret, check.purpose, check.email, check.code)}`;
  const rows = await db.update(otps)
    .set({
      attempts: sql`${otps.attempts} + case when ${right} then 0 else 1 end`,
      ...(check.consume ? { usedAt: sql`case when ${right} then now() end` } : {}),
    })
    .where(and(
      eq(otps.purpose, check.purpose),
      eq(otps.email, check.email),
      check.userId ? eq(otps.userId, check.userId) : undefined,
      isNull(otps.usedAt),
      gt(otps.expiresAt, sql`now()`),
      lt(otps.attempts, OTP_MAX_ATTEMPTS),
    ))
    .returning({ userId: otps.userId, right: sql<boolean>`${right}` });
  return rows.find((row) => row.right)?.userId;
}

/** Drops the user's unused codes of a purpose (the reset codes, once the address they went to changed). */
export async function dropOtps(db: Db, userId: string, purpose: OtpPurpose): Promise<void> {
  await db.delete(otps).where(and(eq(otps.userId, userId), eq(otps.purpose, purpose), isNull(otps.usedAt)));
}

/**
 * `checkOtp` under the address's daily cap of wrong codes: the check counts before it runs (so a
 * parallel burst cannot exceed the cap) and is uncounted when the code was right. Past the cap every
 * code for the address is refused (429) until the window ends, whatever code is issued meanwhile:
 * the 5 tries of each new code no longer add up to thousands of guesses a day.
 */
export async function checkOtpCapped(db: Db, secret: string, limits: Limits, check: OtpCheck): Promise<string | undefined> {
  const hits = await takeHits(db, [{
    key: limitKeys.codeFailures(check.email), max: limits.codeFailuresPerAddress, windowMs: limits.codeFailureWindowMs,
  }], () => failure(429, TOO_MANY_WRONG_CODES));
  const userId = await checkOtp(db, secret, check);
  if (userId) await returnHits(db, hits);
  return userId;
}
