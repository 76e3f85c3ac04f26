import { existsSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  challengeParticipants, challenges, events, follows, limitHits, needs, notifications, otps, sessions, skills, users, whisperLikes, whispers,
} from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, login, signUp } from '../../test/fixtures.js';

const t = useTestApp();

/** A stored upload file and its public path. */
async function uploadFile() {
  const dir = path.join(t.config.uploadsDir, 'profile');
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.webp`;
  await writeFile(path.join(dir, name), 'x');
  return { url: `/uploads/profile/${name}`, file: path.join(dir, name) };
}

/** Gives the user a bit of everything, some of it tied to `other`. */
async function fill(userId: string, otherId: string, challengeId: string) {
  const image = await uploadFile();
  await t.db.insert(needs).values({ type: 'need', category: 'c', serviceName: 's', description: 'd', userId, images: [image.url] });
  await t.db.insert(events).values({ title: 't', description: 'd', startDate: '2030-01-01', endDate: '2030-01-02', createdBy: userId });
  await t.db.insert(skills).values({ title: 't', description: 'd', category: 'Other', userId });
  const [whisper] = await t.db.insert(whispers).values({ title: 't', description: 'd', userId }).returning();
  const [theirs] = await t.db.insert(whispers).values({ title: 'theirs', description: 'd', userId: otherId }).returning();
  await t.db.insert(whisperLikes).values([{ whisperId: theirs.id, userId }, { whisperId: whisper.id, userId: otherId }]);
  await t.db.insert(follows).values({ followerId: userId, followeeId: otherId });
  await t.db.insert(challengeParticipants).values({ challengeId, userId });
  await t.db.insert(limitHits).values({ key: `login:user:${userId}` });
  await t.db.insert(otps).values({ userId, purpose: 'password-reset', email: 'x@example.com', codeHash: 'h', expiresAt: new Date(Date.now() + 60_000) });
  return image;
}

const rowsOf = async (userId: string) => {
  const counts = await Promise.all([
    t.db.$count(users, eq(users.id, userId)), t.db.$count(sessions, eq(sessions.userId, userId)),
    t.db.$count(notifications, eq(notifications.userId, userId)), t.db.$count(needs, eq(needs.userId, userId)),
    t.db.$count(events, eq(events.createdBy, userId)), t.db.$count(skills, eq(skills.userId, userId)),
    t.db.$count(whispers, eq(whispers.userId, userId)), t.db.$count(whisperLikes, eq(whisperLikes.userId, userId)),
    t.db.$count(follows, sql`${follows.followerId} = ${userId} or ${follows.followeeId} = ${userId}`),
    t.db.$count(challengeParticipants, eq(challengeParticipants.userId, userId)),
    t.db.$count(limitHits, eq(limitHits.key, `login:user:${userId}`)), t.db.$count(otps, eq(otps.userId, userId)),
  ]);
  return counts;
};

describe('DELETE /api/delete-user/:userId', () => {
  it('removes the account and everything of it, ends its tokens and leaves others intact', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const [challenge] = await t.db.insert(challenges).values({ title: 'c', description: 'd' }).returning();
    const image = await fill(user.id, other.id, challenge.id);
    const othersImage = await fill(other.id, user.id, challenge.id);
    const second = (await login(t.app, user.body.username, user.body.password)).json().token as string;

    const response = await t.app.inject({ method: 'DELETE', url: `/api/delete-user/${user.id}`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Deleted!', data: { message: 'Deleted!' } });

    expect(await rowsOf(user.id)).toEqual(Array(12).fill(0));
    expect(existsSync(image.file)).toBe(false);
    for (const token of [user.token, second]) {
      expect((await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect((await login(t.app, user.body.username, user.body.password)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/${user.id}` })).statusCode).toBe(404);

    // The other user keeps their own rows (the likes and follows that involved the deleted user go).
    const [u, s, n, need, event, skill, whisper, like, follow, participation] = await rowsOf(other.id);
    expect([u, s, n, need, event, skill, whisper, participation]).toEqual([1, 1, 1, 1, 1, 1, 2, 1]);
    expect([like, follow]).toEqual([0, 0]);
    expect(existsSync(othersImage.file)).toBe(true);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(other.token) })).statusCode).toBe(200);
  });
});
