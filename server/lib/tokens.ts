import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

const algorithm = 'HS256';

// Turning the secret into a key costs more than the HMAC itself: done once per secret.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, with their claims and expiry: every signed-in request carries the same
 * token again, and its signature cannot change. Keyed by secret and token, so only a token this
 * secret signed is ever found; bounded (oldest entries leave first). Expiry is checked on each use,
 * and whether the session behind a token is still live is checked elsewhere (lib/sessions.ts).
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

/** A JWT naming the user (sub) and the session row (sid) that must still be live when it is used. */
export function signToken(secret: string, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims | null> {
  const cacheKey = `${secret.length}:${secret}${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    if (known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [algorithm] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
