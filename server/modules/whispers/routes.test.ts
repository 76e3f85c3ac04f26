import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { follows, notifications, users, whisperLikes, whispers } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png, type FilePart } from '../../test/multipart.js';

const t = useTestApp();
const author = useAccount(t, { firstName: 'Kavya', lastName: 'Menon' });
const reader = useAccount(t);

const validFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'Blue hour at Chapora Fort',
  location: 'Chapora, Goa',
  category: 'Hidden Gem',
  description: 'Climb up twenty minutes before sunset.\r\nBring water.',
  ...overrides,
});
const image = (): FilePart => ({ name: 'images', get bytes() { return png; }, filename: 'a.png', type: 'image/png' });

async function send(method: 'POST' | 'PUT', url: string, token: string | undefined, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) {
  const form = await multipart(fields, files);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...(token ? bearer(token) : {}), ...headers } });
}
const create = (account: Account | undefined, fields = validFields(), files = [image()], headers: Record<string, string> = {}) =>
  send('POST', '/api/whispers', account?.token, fields, files, headers);
async function created(account = author, fields = validFields(), files = [image()]) {
  const response = await create(account, fields, files);
  expect(response.statusCode).toBe(201);
  return response.json().whisper as { _id: string; images: string[]; [key: string]: unknown };
}
const post = (url: string, account?: Account, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: account ? bearer(account.token) : {}, ...(payload ? { payload } : {}) });
const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));
const marker = () => `zq${Math.random().toString(36).slice(2, 10)}`;

describe('POST /api/whispers (publish)', () => {
  it('publishes as the token\'s user: 201, the Whisper with its images re-encoded, listed first', async () => {
    const response = await create(author, validFields(), [image(), image()]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: true,
      message: 'Whisper published!',
      whisper: {
        _id: expect.any(String), title: 'Blue hour at Chapora Fort', location: 'Chapora, Goa', category: 'Hidden Gem',
        description: 'Climb up twenty minutes before sunset.\nBring water.', images: [expect.stringMatching(/^\/uploads\/whispers\/.+\.webp$/), expect.any(String)],
        likes: [], likesCount: 0, commentCount: 0, createdAt: expect.any(String),
        user: { _id: author.id, username: author.body.username, firstName: 'Kavya', lastName: 'Menon', profileImage: '' },
      },
    });
    expect(existsSync(fileOf(body.whisper.images[0]))).toBe(true);
    const list = (await t.app.inject({ url: '/api/approved-whispers' })).json();
    expect(list.whispers[0]).toEqual(body.whisper);
    expect((await t.app.inject({ url: `/api/whispers/${body.whisper._id}` })).json()).toEqual({ success: true, whisper: body.whisper });
  });

  it('refuses a visitor (401) and keeps nothing', async () => {
    const title = marker();
    expect((await create(undefined, validFields({ title }))).statusCode).toBe(401);
    expect(await t.db.$count(whispers, eq(whispers.title, title))).toBe(0);
  });

  it.each([
    [{ title: ' ' }, 'Title is required.', 'title'],
    [{ location: '' }, 'Location is required.', 'location'],
    [{ category: '' }, 'Category is required.', 'category'],
    [{ category: 'Desert' }, 'Category must be one of Hidden Gem, Adventure, Romantic, Beach, Mountain, Urban Escape.', 'category'],
    [{ description: '\n' }, 'Story is required.', 'description'],
    [{ title: 'x'.repeat(101) }, 'Title must be at most 100 characters.', 'title'],
    [{ title: 'a\u0000b' }, 'Title contains invalid characters.', 'title'],
  ])('refuses %j: 400 %s', async (overrides, message, field) => {
    const response = await create(author, validFields(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
  });

  it('takes no images (stock pictures show instead) and at most 4; a file that is not an image is refused', async () => {
    expect((await created(author, validFields(), [])).images).toEqual([]);
    const five = await create(author, validFields(), Array.from({ length: 5 }, image));
    expect([five.statusCode, five.json().message]).toEqual([400, 'Maximum 4 images allowed.']);
    const text = await create(author, validFields(), [{ name: 'images', bytes: Buffer.from('hello'), filename: 'a.png', type: 'image/png' }]);
    expect([text.statusCode, text.json().message, text.json().field]).toEqual([400, 'Please select an image file', 'images']);
  });

  it('a retried publish with the same Idempotency-Key makes one whisper', async () => {
    const title = marker();
    const headers = { 'idempotency-key': `whisper-${title}` };
    const first = await create(author, validFields({ title }), [image()], headers);
    const again = await create(author, validFields({ title }), [image()], headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().whisper._id).toBe(first.json().whisper._id);
    expect(await t.db.$count(whispers, eq(whispers.title, title))).toBe(1);
  });
});

describe('GET /api/approved-whispers and /api/whispers/:id', () => {
  it('searches title, story, location and category, case-insensitively, and pages by cursor', async () => {
    const word = marker();
    await created(author, validFields({ title: `Tide pools ${word}` }));
    await created(author, validFields({ location: `${word.toUpperCase()} beach` }));
    await created(author, validFields({ description: `Found ${word} here.` }));
    const first = (await t.app.inject({ url: '/api/approved-whispers', query: { q: word, limit: '2' } })).json();
    expect(first.whispers).toHaveLength(2);
    const second = (await t.app.inject({ url: '/api/approved-whispers', query: { q: word, limit: '2', cursor: first.nextCursor } })).json();
    expect(second.whispers).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect((await t.app.inject({ url: '/api/approved-whispers', query: { q: 'Hidden gem', limit: '1' } })).json().whispers).toHaveLength(1);
  });

  it('answers 404 for an unknown whisper and 400 for a malformed id or cursor', async () => {
    expect((await t.app.inject({ url: '/api/whispers/00000000-0000-4000-8000-000000000000' })).json()).toMatchObject({ message: 'Whisper not found' });
    expect((await t.app.inject({ url: '/api/whispers/nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/approved-whispers', query: { cursor: 'abc' } })).statusCode).toBe(400);
  });
});

describe('owner edit and delete', () => {
  it('the author edits the text and the images kept; the dropped file is deleted', async () => {
    const whisper = await created(author, validFields(), [image(), image()]);
    const [keep, drop] = whisper.images;
    const response = await send('PUT', `/api/whispers/${whisper._id}`, author.token, validFields({ title: 'Edited', keepImages: JSON.stringify([keep]) }), [image()]);
    expect(response.statusCode).toBe(200);
    expect(response.json().whisper).toMatchObject({ title: 'Edited', images: [keep, expect.any(String)] });
    expect(existsSync(fileOf(drop))).toBe(false);
    expect(existsSync(fileOf(keep))).toBe(true);
  });

  it('two edits at once that name no images to keep each keep the other\'s new image (found by the races suite)', async () => {
    // Five whispers, each edited twice at once: before the fix, an edit that read the images before the
    // other committed dropped the other's new one, although both answered 200.
    const originals = await Promise.all(Array.from({ length: 5 }, () => created()));
    const edits = await Promise.all(originals.flatMap((whisper) => ['First', 'Second'].map((title) =>
      send('PUT', `/api/whispers/${whisper._id}`, author.token, validFields({ title }), [image()]))));
    expect(edits.map((edit) => edit.statusCode)).toEqual(edits.map(() => 200));
    for (const whisper of originals) {
      // Its image and the two new ones (an answer may show the other edit's image last: it is read after the commit).
      const [row] = await t.db.select({ images: whispers.images }).from(whispers).where(eq(whispers.id, whisper._id));
      expect(row.images).toHaveLength(3);
      expect(new Set(row.images).size).toBe(3);
      expect(row.images[0]).toBe(whisper.images[0]);
      for (const image of row.images) expect(existsSync(fileOf(image))).toBe(true);
    }
  });

  it('an edit that keeps every image answers 400 when another edit filled the whisper meanwhile; its files are not kept', async () => {
    const whisper = await created(author, validFields(), [image(), image()]);
    const folder = path.join(t.config.uploadsDir, 'whispers');
    const before = readdirSync(folder).length;
    const edits = await Promise.all(['First', 'Second'].map((title) => send('PUT', `/api/whispers/${whisper._id}`, author.token, validFields({ title }), [image(), image()])));
    expect(edits.map((edit) => edit.statusCode).sort()).toEqual([200, 400]);
    expect(edits.find((edit) => edit.statusCode === 400)!.json()).toEqual({ message: 'Maximum 4 images allowed.', field: 'images' });
    const [row] = await t.db.select({ images: whispers.images }).from(whispers).where(eq(whispers.id, whisper._id));
    expect(row.images).toEqual(edits.find((edit) => edit.statusCode === 200)!.json().whisper.images);
    expect(row.images).toHaveLength(4);
    expect(readdirSync(folder).length).toBe(before + 2);
  });

  it('someone else gets 403 on edit and delete, a visitor 401; the whisper is unchanged', async () => {
    const whisper = await created();
    expect((await send('PUT', `/api/whispers/${whisper._id}`, reader.token, validFields({ title: 'Mine now' }))).statusCode).toBe(403);
    expect((await send('PUT', `/api/whispers/${whisper._id}`, undefined, validFields({ title: 'Mine now' }))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/whispers/${whisper._id}`, headers: bearer(reader.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/whispers/${whisper._id}` })).json().whisper.title).toBe('Blue hour at Chapora Fort');
  });

  it('the author deletes it: its files and likes go too', async () => {
    const whisper = await created();
    await post(`/api/whispers/${whisper._id}/like`, reader);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/whispers/${whisper._id}`, headers: bearer(author.token) });
    expect(response.json()).toEqual({ status: true, message: 'Whisper deleted' });
    expect(existsSync(fileOf(whisper.images[0]))).toBe(false);
    expect(await t.db.$count(whisperLikes, eq(whisperLikes.whisperId, whisper._id))).toBe(0);
    expect((await t.app.inject({ url: `/api/whispers/${whisper._id}` })).statusCode).toBe(404);
  });
});

describe('POST /api/whispers/:id/like', () => {
  it('toggles the caller\'s like, whatever user id the body names; the author hears of it once', async () => {
    const whisper = await created();
    const liked = await post(`/api/whispers/${whisper._id}/like`, reader, { userId: author.id });
    expect(liked.json()).toEqual({ success: true, liked: true, likes: [reader.id], likesCount: 1 });
    const unliked = await post(`/api/whispers/${whisper._id}/like`, reader, { userId: author.id });
    expect(unliked.json()).toEqual({ success: true, liked: false, likes: [], likesCount: 0 });
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.title, 'New like')));
    expect(notes.map((note) => note.body)).toContain(`@${reader.body.username} liked your whisper "Blue hour at Chapora Fort".`);
  });

  it('nine clicks at once from one user are nine toggles: liked in the end, one row, the owner told once', async () => {
    const whisper = await created();
    const answers = await Promise.all(Array.from({ length: 9 }, () => post(`/api/whispers/${whisper._id}/like`, reader)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Toggles take turns: five likes and four unlikes, whatever order they ran in.
    expect(answers.filter((answer) => answer.json().liked).length).toBe(5);
    expect(await t.db.$count(whisperLikes, eq(whisperLikes.whisperId, whisper._id))).toBe(1);
    expect((await t.app.inject({ url: `/api/whispers/${whisper._id}` })).json().whisper.likesCount).toBe(1);
    const told = await t.db.$count(notifications, and(eq(notifications.userId, author.id), eq(notifications.read, false),
      eq(notifications.body, `@${reader.body.username} liked your whisper "${whisper.title as string}".`)));
    expect(told).toBe(1);
  });

  it('with an Idempotency-Key, a retry gets the first answer instead of taking the like back; the key on another whisper answers 422', async () => {
    const [whisper, other] = await Promise.all([created(), created()]);
    const like = (id: string, key: string) => t.app.inject({ method: 'POST', url: `/api/whispers/${id}/like`, headers: { ...bearer(reader.token), 'idempotency-key': key }, payload: {} });
    const first = await like(whisper._id, 'like-once');
    const retries = await Promise.all([like(whisper._id, 'like-once'), like(whisper._id, 'like-once')]);
    expect(first.json()).toEqual({ success: true, liked: true, likes: [reader.id], likesCount: 1 });
    for (const retry of retries) {
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
    }
    expect(await t.db.$count(whisperLikes, eq(whisperLikes.whisperId, whisper._id))).toBe(1);
    expect((await like(other._id, 'like-once')).statusCode).toBe(422);
    expect((await like(whisper._id, 'unlike-once')).json().liked).toBe(false);
  });

  it('401 for a visitor, 404 for an unknown whisper', async () => {
    const whisper = await created();
    expect((await post(`/api/whispers/${whisper._id}/like`)).statusCode).toBe(401);
    expect((await post('/api/whispers/00000000-0000-4000-8000-000000000000/like', reader)).statusCode).toBe(404);
  });
});

describe('follow, unfollow and the public profile', () => {
  it('follows and unfollows the profile\'s owner; the profile counts followers, following and posts', async () => {
    const fan = await signUp(t.app);
    const followed = await post(`/api/whispers/${author.id}/follow`, fan, { userId: reader.id });
    expect(followed.json()).toEqual({ success: true, message: 'You are now following this user.', following: true, followersCount: expect.any(Number) });
    expect(await t.db.$count(follows, and(eq(follows.followerId, fan.id), eq(follows.followeeId, author.id)))).toBe(1);
    expect((await post(`/api/whispers/${author.id}/follow`, fan)).statusCode).toBe(200); // twice is once
    expect(await t.db.$count(follows, and(eq(follows.followerId, fan.id), eq(follows.followeeId, author.id)))).toBe(1);

    const profile = (await t.app.inject({ url: `/api/whispers/public-profile/${author.id}`, headers: bearer(fan.token) })).json();
    expect(profile.profile).toMatchObject({ _id: author.id, username: author.body.username, firstName: 'Kavya', lastName: 'Menon', isFollowing: true });
    expect(profile.profile.followers).toContainEqual({ _id: fan.id, username: fan.body.username, firstName: expect.any(String), lastName: expect.any(String), profileImage: '' });
    expect(profile.profile.postsCount).toBe(await t.db.$count(whispers, eq(whispers.userId, author.id)));
    expect(profile.posts.length).toBe(Math.min(profile.profile.postsCount, 50));
    expect(profile.posts.every((post: { user: { _id: string } }) => post.user._id === author.id)).toBe(true);
    const visitorView = (await t.app.inject({ url: `/api/whispers/public-profile/${author.id}` })).json();
    expect(visitorView.profile.isFollowing).toBe(false);

    const unfollowed = await post(`/api/whispers/${author.id}/unfollow`, fan);
    expect(unfollowed.json()).toMatchObject({ message: 'You have unfollowed this user.', following: false, followersCount: profile.profile.followersCount - 1 });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(notes.map((note) => note.body)).toContain(`@${fan.body.username} started following you.`);
    // Following again while that note is unread tells the author nothing new.
    await post(`/api/whispers/${author.id}/follow`, fan);
    await post(`/api/whispers/${author.id}/unfollow`, fan);
    await post(`/api/whispers/${author.id}/follow`, fan);
    expect(await t.db.$count(notifications, and(eq(notifications.userId, author.id), eq(notifications.body, `@${fan.body.username} started following you.`)))).toBe(1);
  });

  it('with an Idempotency-Key, a follow retried after an unfollow gets its first answer and follows no one again; the key on another route answers 422', async () => {
    const fan = await signUp(t.app);
    const send = (action: 'follow' | 'unfollow', key: string, userId = author.id) =>
      t.app.inject({ method: 'POST', url: `/api/whispers/${userId}/${action}`, headers: { ...bearer(fan.token), 'idempotency-key': key }, payload: {} });
    const following = () => t.db.$count(follows, and(eq(follows.followerId, fan.id), eq(follows.followeeId, author.id)));
    const first = await send('follow', 'follow-once');
    expect(first.json()).toMatchObject({ following: true });
    expect((await send('unfollow', 'unfollow-once')).json()).toMatchObject({ following: false });
    // The follow's answer was lost: the offline queue sends it again with its key.
    const retried = await send('follow', 'follow-once');
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    expect(await following()).toBe(0);
    expect((await send('unfollow', 'follow-once')).statusCode).toBe(422);
    expect((await send('follow', 'follow-once', reader.id)).statusCode).toBe(422);
    // A refusal is not kept: the same key may be tried again.
    expect((await send('follow', 'refused-once', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await send('follow', 'follow-twice')).json()).toMatchObject({ following: true });
    expect(await following()).toBe(1);
  });

  it('no self-follow (400), 404 for an unknown user, 401 for a visitor', async () => {
    expect((await post(`/api/whispers/${author.id}/follow`, author)).json()).toMatchObject({ message: 'You cannot follow yourself.' });
    // Postgres reads an id in capitals as the same user; the route refuses it as malformed.
    const shouted = await post(`/api/whispers/${author.id.toUpperCase()}/follow`, author);
    expect(shouted.statusCode).toBe(400);
    expect(shouted.json()).toEqual({ message: 'id is not a valid uuid' });
    expect((await post(`/api/whispers/urn:uuid:${author.id}/follow`, reader)).statusCode).toBe(400);
    expect((await post('/api/whispers/00000000-0000-4000-8000-000000000000/follow', reader)).statusCode).toBe(404);
    expect((await post(`/api/whispers/${author.id}/follow`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/whispers/public-profile/00000000-0000-4000-8000-000000000000' })).json()).toMatchObject({ message: 'User not found' });
  });

  it('a deactivated follower is neither listed nor counted, on either side', async () => {
    const star = await signUp(t.app);
    const [stays, leaves] = [await signUp(t.app), await signUp(t.app)];
    await post(`/api/whispers/${star.id}/follow`, stays);
    await post(`/api/whispers/${star.id}/follow`, leaves);
    await post(`/api/whispers/${leaves.id}/follow`, star);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, leaves.id));
    const { profile } = (await t.app.inject({ url: `/api/whispers/public-profile/${star.id}` })).json();
    expect(profile.followers.map((follower: { _id: string }) => follower._id)).toEqual([stays.id]);
    expect(profile).toMatchObject({ followersCount: 1, followingCount: 0 });
    expect((await post(`/api/whispers/${star.id}/unfollow`, stays)).json()).toMatchObject({ followersCount: 0 });
  });

  it('many follows at once: one row, and the count equals the rows', async () => {
    const fan = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`/api/whispers/${reader.id}/follow`, fan)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const rows = await t.db.$count(follows, eq(follows.followeeId, reader.id));
    expect(answers.at(-1)!.json().followersCount).toBe(rows);
    expect(await t.db.$count(follows, and(eq(follows.followerId, fan.id), eq(follows.followeeId, reader.id)))).toBe(1);
  });
});
