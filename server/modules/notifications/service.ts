import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export const WELCOME_NOTIFICATION = {
  title: 'Welcome to Need Spot!',
  body: 'Your account is ready. Post a need, join a challenge or share a whisper from your travels.',
};

/**
 * Tells the user something, unless an unread notification already says exactly that: liking and
 * unliking ten times, or following and unfollowing, tells the owner once, not ten times.
 */
export async function createNotification(db: Db, userId: string, content: { title: string; body: string }) {
  await db.execute(sql`
    insert into notifications (user_id, title, body)
    select ${userId}, ${content.title}, ${content.body}
    where not exists (
      select 1 from notifications
      where user_id = ${userId} and title = ${content.title} and body = ${content.body} and not read
    )`);
}

/** The caller's latest notifications, newest first. */
export function listNotifications(db: Db, userId: string, limit = 50) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
