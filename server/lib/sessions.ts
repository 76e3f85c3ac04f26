import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cachedRead, forget } from '../db/cache.js';
import { sessions, users } from '../db/schema.js';
import { signToken, verifyToken } from './tokens.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after proving the password a session may delete the account or change the e-mail without asking again. */
export const SUDO_MINUTES = 10;

export interface AuthUser {
  id: string;
  username: string;
  /** 'moderator' passes the 'moderator' access class (plugins/auth.ts); granted from the command line only. */
  role: 'member' | 'moderator';
}

export interface AuthSession {
  id: string;
  expiresAt: Date;
  /** The password was proved in this session within the last SUDO_MINUTES ("sudo mode"). */
  sudo: boolean;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** Opens a session row and returns the bearer token that names it. */
export async function openSession(db: Db, secret: string, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  // Expired and long-revoked sessions authorise nothing: pruned here, so the table stays small without a timer.
  await db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.revokedAt, sql`now() - interval '1 day'`)));
  return signToken(secret, { userId, sessionId: row.id }, expiresAt);
}

function sessionQuery(db: Db) {
  return db
    .select({ userId: users.id, username: users.username, role: users.role, expiresAt: sessions.expiresAt, verifiedAt: sessions.verifiedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')))
    .limit(1)
    .prepare('resolve_session');
}

// Built once per database: the statement's text (and on PostgreSQL its plan) is reused by every request.
const prepared = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/**
 * A live session of an active account, kept (db/cache.ts) until it is revoked or verified again
 * (`forgetSession`). Ending an account ends its sessions (`endSessions`); a status changed by hand in
 * the database is seen within the cache's entry age.
 */
async function findSession(db: Db, sessionId: string) {
  const row = await cachedRead(db, 'session', sessionId, async () => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = sessionQuery(db)));
    const [found] = await query.execute({ sessionId });
    return found;
  });
  // A kept row may have expired since it was read.
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

const forgetSession = (db: Db, sessionId: string) => forget(db, 'session', sessionId);

/**
 * The user and session behind a bearer token, or null when the token is tampered with or expired,
 * its session was revoked or has expired, or the account was deactivated meanwhile.
 * Used by the HTTP auth plugin and the socket.io handshake alike.
 */
export async function resolveToken(db: Db, secret: string, token: string): Promise<{ user: AuthUser; session: AuthSession } | null> {
  const claims = await verifyToken(secret, token);
  if (!claims || !isUuid(claims.sessionId) || !isUuid(claims.userId)) return null;
  const row = await findSession(db, claims.sessionId);
  if (!row || row.userId !== claims.userId) return null;
  const sudo = row.verifiedAt.getTime() > Date.now() - SUDO_MINUTES * 60_000;
  return { user: { id: row.userId, username: row.username, role: row.role }, session: { id: claims.sessionId, expiresAt: row.expiresAt, sudo } };
}

/** The password was just proved in this session: sudo mode starts again. */
export async function markSessionVerified(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ verifiedAt: sql`now()` }).where(eq(sessions.id, sessionId));
  await forgetSession(db, sessionId);
}

/** Which sessions to end: one, or all of a user's (but one, the caller's, when `except` is given). */
export type SessionScope = { sessionId: string } | { userId: string; except?: string };

/**
 * Marks the live sessions in scope revoked; resolves to their ids once every instance has forgotten
 * them (db/cache.ts, `forget`: the ids go in one notice), so that the client's next request with a revoked token is
 * refused by whichever instance answers it; in a transaction, its commit waits for that. Only for
 * `endSessions` (plugins/sessions.ts), which also disconnects their sockets.
 */
export async function revokeSessionRows(db: Db, scope: SessionScope): Promise<string[]> {
  const where = 'sessionId' in scope
    ? eq(sessions.id, scope.sessionId)
    : and(eq(sessions.userId, scope.userId), scope.except ? ne(sessions.id, scope.except) : undefined);
  const rows = await db.update(sessions).set({ revokedAt: sql`now()` })
    .where(and(where, isNull(sessions.revokedAt))).returning({ id: sessions.id });
  const ids = rows.map((row) => row.id);
  await Promise.all(ids.map((id) => forgetSession(db, id)));
  return ids;
}
