import { SignJWT, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

const algorithm = 'HS256';
const keyOf = (secret: string) => new TextEncoder().encode(secret);

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
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [algorithm] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
