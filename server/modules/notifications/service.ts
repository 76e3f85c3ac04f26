import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

export const WELCOME_NOTIFICATION = {
  title: 'Welcome to Need Spot!',
  body: 'Your account is ready. Post a need, join a challenge or share a whisper from your travels.',
};

export async function createNotification(db: Db, userId: string, content: { title: string; body: string }) {
  await db.insert(notifications).values({ userId, ...content });
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
