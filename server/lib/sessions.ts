import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { signToken, verifyToken } from './tokens.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  username: string;
}

export interface AuthSession {
  id: string;
  expiresAt: Date;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** Opens a session row and returns the bearer token that names it. */
export async function openSession(db: Db, secret: string, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return signToken(secret, { userId, sessionId: row.id }, expiresAt);
}

/**
 * The user and session behind a bearer token, or null when the token is tampered with or expired,
 * its session was revoked or has expired, or the account was deactivated meanwhile.
 * Used by the HTTP auth plugin and the socket.io handshake alike.
 */
export async function resolveToken(db: Db, secret: string, token: string): Promise<{ user: AuthUser; session: AuthSession } | null> {
  const claims = await verifyToken(secret, token);
  if (!claims || !isUuid(claims.sessionId) || !isUuid(claims.userId)) return null;
  const [row] = await db
    .select({ userId: users.id, username: users.username, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(
      eq(sessions.id, claims.sessionId),
      eq(sessions.userId, claims.userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
      eq(users.status, 'active'),
    ))
    .limit(1);
  if (!row) return null;
  return { user: { id: row.userId, username: row.username }, session: { id: row.sessionId, expiresAt: row.expiresAt } };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
