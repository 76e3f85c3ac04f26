import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

// The secret of a member's private calendar feed (users.calendar_token): the feed's URL is the
// only credential a calendar app has, so it is long, random, and replaced (the old URL then
// answers 404) whenever the member revokes it.

/** 32 random bytes, base64url: 43 characters. */
const newToken = () => randomBytes(32).toString('base64url');

export async function feedToken(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId));
  return row?.token ?? null;
}

/** A new secret for the member's feed (made, or replacing the one they had, which stops working). */
export async function renewFeedToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return token;
}

/** The member has no feed any more: its URL answers 404. */
export async function dropFeedToken(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ calendarToken: null }).where(eq(users.id, userId));
}
