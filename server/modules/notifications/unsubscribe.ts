import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../lib/http-error.js';
import { NOTIFICATION_KINDS } from './kinds.js';
import type { ChoosableKind } from './preferences.js';

/** How long an unsubscribe link in an e-mail works: long enough for an old e-mail, not for ever. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

export const LINK_INVALID = 'This unsubscribe link is not valid. Sign in and choose your e-mails in Settings → Notifications.';
export const LINK_EXPIRED = 'This unsubscribe link has expired. Sign in and choose your e-mails in Settings → Notifications.';

export interface Unsubscribe {
  userId: string;
  kinds: ChoosableKind[];
  expiresAt: Date;
}

/**
 * The links' own key, derived from the server's JWT secret (every instance shares it, README): an
 * HMAC under a label of its own, so a link's signature can never pass for a session token's nor the
 * other way round. Changing JWT_SECRET ends the links with the sessions.
 */
const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('need-spot unsubscribe link v1').digest();
const sign = (jwtSecret: string, payload: string) => createHmac('sha256', keyOf(jwtSecret)).update(payload).digest();

/**
 * A token for an unsubscribe link: who, which kinds, until when, as base64url JSON, then its
 * HMAC-SHA256. No sign-in is needed to use it (RFC 8058), so it says everything it may change.
 */
export function unsubscribeToken(jwtSecret: string, { userId, kinds, expiresAt }: Unsubscribe): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kinds, e: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
  return `${payload}.${sign(jwtSecret, payload).toString('base64url')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isKind = (value: unknown): value is ChoosableKind => (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

/**
 * What a token says, once its signature is checked: 400 for anything not signed here (changed,
 * cut, made up), 410 for a signed one past its time. Never throws anything else.
 */
export function readUnsubscribeToken(jwtSecret: string, token: string, now: Date): Unsubscribe {
  const invalid = new HttpError(400, LINK_INVALID);
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid;
  const expected = sign(jwtSecret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  // Signed here, so well made; checked all the same, so a change of format can never reach the database unchecked.
  const { u, k, e } = (claims ?? {}) as { u?: unknown; k?: unknown; e?: unknown };
  if (typeof u !== 'string' || !UUID.test(u) || !Array.isArray(k) || k.length === 0 || !k.every(isKind) || typeof e !== 'number') throw invalid;
  const expiresAt = new Date(e * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw new HttpError(410, LINK_EXPIRED);
  return { userId: u, kinds: k, expiresAt };
}
