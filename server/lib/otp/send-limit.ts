import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { failure } from '../http-error.js';
import { limitKeys } from '../limit-keys.js';
import { takeHits } from '../quota.js';

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

export interface CodeSender {
  /** The (lower-cased) address the code goes to. */
  email: string;
  ip: string;
  /** The signed-in user asking (e-mail change); a password reset is anonymous. */
  userId?: string;
}

/**
 * Counts one code send per target address, per client address and per user, and throws
 * 429 { status: false, message } when any of them is at its limit in the window (a refused send
 * is not counted). Exact under concurrency (lib/quota.ts).
 */
export async function countSend(db: Db, limits: Limits, sender: CodeSender): Promise<void> {
  const windowMs = limits.otpWindowMs;
  await takeHits(db, [
    { key: limitKeys.codeSendsTo(sender.email), max: limits.otpSendsPerAddress, windowMs },
    { key: limitKeys.codeSendsFromIp(sender.ip), max: limits.otpSendsPerIp, windowMs },
    ...(sender.userId ? [{ key: limitKeys.codeSendsByUser(sender.userId), max: limits.otpSendsPerAddress, windowMs }] : []),
  ], () => failure(429, TOO_MANY_REQUESTS));
}
