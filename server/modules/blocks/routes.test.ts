import { randomInt } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq, inArray, or } from 'drizzle-orm';
import { follows, friendRequests, messages, users } from '../../db/schema.js';
import { sendRequest } from '../friends/service.js';
import { setFollow } from '../whispers/service.js';
import { block as blockService } from './service.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { all, detailStatuses, postAll, seen, shows, travelTo, uniqueWord } from '../../test/safety.js';

// Opens a port: the realtime test's sockets are real.
const t = useTestApp({ listen: true });

const block = (as: Account, id: string) => t.app.inject({ method: 'POST', url: `/api/blocks/${id}`, headers: bearer(as.token) });
const unblock = (as: Account, id: string) => t.app.inject({ method: 'DELETE', url: `/api/blocks/${id}`, headers: bearer(as.token) });
const listBlocked = async (as: Account) => (await t.app.inject({ url: '/api/blocks', headers: bearer(as.token) })).json();
const sendMessage = (from: Account, to: Account, content = 'Hello there') =>
  t.app.inject({ method: 'POST', url: `/api/messages/${to.id}`, headers: bearer(from.token), payload: { content } });
const befriend = (from: Account, to: Account) => t.app.inject({ method: 'POST', url: '/api/friend-requests', headers: bearer(from.token), payload: { receiverId: to.id } });
const follow = (from: Account, to: Account) => t.app.inject({ method: 'POST', url: `/api/whispers/${to.id}/follow`, headers: bearer(from.token), payload: {} });

describe('blocking: the routes', () => {
  it('blocks, lists (newest first), blocks again as once, unblocks (also when there was no block)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app, { firstName: 'Bina', lastName: 'Shah' });
    const c = await signUp(t.app);
    expect((await block(a, b.id)).json()).toEqual({ status: true, message: 'Member blocked.' });
    expect((await block(a, c.id)).statusCode).toBe(200);
    expect((await block(a, b.id)).json()).toEqual({ status: true, message: 'Member blocked.' });
    const list = await listBlocked(a);
    expect(list.status).toBe(true);
    expect(list.blocked.map((row: { id: string }) => row.id)).toEqual([c.id, b.id]);
    expect(list.blocked[1]).toEqual({ id: b.id, firstName: 'Bina', lastName: 'Shah', username: b.body.username, profileImage: '', blockedAt: expect.any(String) });
    expect((await listBlocked(b)).blocked).toEqual([]); // the blocked member's own list says nothing
    expect((await unblock(a, c.id)).json()).toEqual({ status: true, message: 'Member unblocked.' });
    expect((await unblock(a, c.id)).json()).toEqual({ status: true, message: 'Member unblocked.' });
    expect((await listBlocked(a)).blocked.map((row: { id: string }) => row.id)).toEqual([b.id]);
  });

  it('refuses oneself (400), an unknown member (404) and a malformed id (400); needs a token (401)', async () => {
    const a = await signUp(t.app);
    expect((await block(a, a.id)).json()).toEqual({ status: false, message: 'You cannot block yourself.' });
    expect((await block(a, a.id)).statusCode).toBe(400);
    const unknown = await block(a, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { status: false, message: 'User not found' }]);
    expect((await block(a, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${a.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/blocks' })).statusCode).toBe(401);
  });

  it('ends follows both ways, a pending friend request and a friendship, and tells the blocked member nothing', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await follow(a, b)).statusCode).toBe(200);
    expect((await follow(b, a)).statusCode).toBe(200);
    const request = (await befriend(b, a)).json().request._id as string;
    await t.app.inject({ method: 'POST', url: `/api/action-request/${request}`, headers: bearer(a.token), payload: { action: 'accept' } });
    const c = await signUp(t.app);
    await befriend(c, a);
    const before = (await t.app.inject({ url: '/api/notifications', headers: bearer(b.token) })).json().data.length;
    await block(a, b.id);
    await block(a, c.id);
    const between = (x: Account, y: Account) => or(and(eq(follows.followerId, x.id), eq(follows.followeeId, y.id)), and(eq(follows.followerId, y.id), eq(follows.followeeId, x.id)));
    expect(await t.db.select().from(follows).where(between(a, b))).toEqual([]);
    const requests = await t.db.select().from(friendRequests).where(or(eq(friendRequests.senderId, b.id), eq(friendRequests.senderId, c.id)));
    expect(requests).toEqual([]);
    expect((await t.app.inject({ url: `/api/whispers/public-profile/${b.id}`, headers: bearer(a.token) })).json().profile).toMatchObject({ friendStatus: 'none', isFollowing: false });
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(b.token) })).json().data.length).toBe(before);
  });

  it('friend requests answered before the block (rejected ones stay stored) leave both members\' request lists', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const c = await signUp(t.app);
    const answer = async (as: Account, id: string, action: 'accept' | 'reject') =>
      t.app.inject({ method: 'POST', url: `/api/action-request/${id}`, headers: bearer(as.token), payload: { action } });
    const sentTo = async (as: Account) => (await t.app.inject({ url: `/api/my-requests/${as.id}`, headers: bearer(as.token) })).json()
      .data.map((row: { receiver: { _id: string } }) => row.receiver._id);
    const waiting = async (as: Account) => (await t.app.inject({ url: '/api/friend-requests', headers: bearer(as.token) })).json()
      .data.map((row: { sender: { _id: string } }) => row.sender._id);
    expect((await answer(a, (await befriend(b, a)).json().request._id, 'reject')).statusCode).toBe(200);
    expect((await answer(b, (await befriend(a, b)).json().request._id, 'reject')).statusCode).toBe(200);
    await befriend(b, c);
    await befriend(c, a);
    expect(await sentTo(b)).toEqual([c.id, a.id]);
    await block(a, b.id);
    expect(await sentTo(b)).toEqual([c.id]);
    expect(await sentTo(a)).toEqual([]);
    expect(await waiting(a)).toEqual([c.id]);
    // The rejected rows are history, kept: after an unblock each list shows them again.
    await unblock(a, b.id);
    expect(await sentTo(b)).toEqual([c.id, a.id]);
    expect(await sentTo(a)).toEqual([b.id]);
  });
});

describe('blocking: racing a follow or a friend request', () => {
  // On PostgreSQL these run on separate connections at once (CI's pass, TEST_DATABASE_URL); on
  // PGlite one after another. Without the pair's lock (lib/blocks.ts lockPair) a follow or a
  // request whose check read "no block" just before the block committed stayed in place.
  it('many blocks at once with follows and friend requests between the same members leave none of them', async () => {
    const PAIRS = 24;
    const people = await t.db.insert(users).values(Array.from({ length: 2 * PAIRS }, () => {
      const name = uniqueWord();
      return { firstName: 'Race', lastName: 'Member', username: name, email: `${name}@example.com`, contactNumber: `+1${randomInt(1e9, 1e10)}`, passwordHash: 'x' };
    })).returning({ id: users.id });
    const pairs = Array.from({ length: PAIRS }, (_, index) => [people[2 * index].id, people[2 * index + 1].id] as const);
    await Promise.all(pairs.flatMap(([a, b]) => [
      blockService(t.db, a, b), setFollow(t.db, b, a, true), setFollow(t.db, a, b, true), sendRequest(t.db, b, a),
    ]));
    const ids = people.map((row) => row.id);
    const left = await t.db.select({ followerId: follows.followerId }).from(follows).where(inArray(follows.followerId, ids));
    const requests = await t.db.select({ senderId: friendRequests.senderId }).from(friendRequests).where(inArray(friendRequests.senderId, ids));
    expect({ follows: left.length, requests: requests.length }).toEqual({ follows: 0, requests: 0 });
  }, 60_000);
});

describe('blocking: its effects, in each direction', () => {
  // `blocker` blocked `blocked`; each test runs as both of them, since the effects go both ways.
  let blocker: Account;
  let blocked: Account;
  let other: Account;
  beforeAll(async () => {
    blocker = await signUp(t.app);
    blocked = await signUp(t.app);
    other = await signUp(t.app);
    await sendMessage(blocked, blocker, 'Before the block');
    expect((await block(blocker, blocked.id)).statusCode).toBe(200);
  }, 60_000);
  const pairs = () => [['the blocker', blocker, blocked], ['the blocked member', blocked, blocker]] as const;

  it.each([0, 1])('messages: sending is refused (403), the conversation stays readable and says blocked (%s)', async (index) => {
    const [, me, them] = pairs()[index];
    const sent = await sendMessage(me, them);
    expect([sent.statusCode, sent.json()]).toEqual([403, { status: false, message: 'You cannot message this member.' }]);
    const conversation = await t.app.inject({ url: `/api/messages/${them.id}`, headers: bearer(me.token) });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json()).toMatchObject({ success: true, blocked: true, messages: [{ content: 'Before the block' }] });
    // Someone else's conversation with either says nothing of it.
    expect((await t.app.inject({ url: `/api/messages/${them.id}`, headers: bearer(other.token) })).json().blocked).toBe(false);
    const stored = await t.db.select().from(messages).where(and(eq(messages.senderId, me.id), eq(messages.receiverId, them.id)));
    expect(stored.map((row) => row.content)).not.toContain('Hello there');
  });

  it('messages: an empty conversation with a member who blocked the caller answers 404 as a missing user; the blocker\'s still opens', async () => {
    const x = await signUp(t.app);
    const y = await signUp(t.app);
    await block(y, x.id);
    const missing = [404, { status: false, message: 'User not found' }];
    const asBlocked = await t.app.inject({ url: `/api/messages/${y.id}`, headers: bearer(x.token) });
    expect([asBlocked.statusCode, asBlocked.json()]).toEqual(missing);
    expect(asBlocked.body).not.toContain(y.body.username);
    // A cursor of its own making pages to nothing: still 404, nothing of the member shown.
    const cursor = Buffer.from('2001-01-01T00:00:00.000000Z|00000000-0000-4000-8000-000000000000').toString('base64url');
    const paged = await t.app.inject({ url: `/api/messages/${y.id}?cursor=${cursor}`, headers: bearer(x.token) });
    expect([paged.statusCode, paged.json()]).toEqual(missing);
    const asBlocker = await t.app.inject({ url: `/api/messages/${x.id}`, headers: bearer(y.token) });
    expect(asBlocker.json()).toMatchObject({ success: true, blocked: true, messages: [], with: { _id: x.id } });
  });

  it.each([0, 1])('friend requests and follows are refused (403) (%s)', async (index) => {
    const [, me, them] = pairs()[index];
    const request = await befriend(me, them);
    expect([request.statusCode, request.json()]).toEqual([403, { status: false, message: 'You cannot send a friend request to this member.' }]);
    const followed = await follow(me, them);
    expect([followed.statusCode, followed.json()]).toEqual([403, { status: false, message: 'You cannot follow this member.' }]);
    expect((await follow(other, them)).statusCode).toBe(200);
  });

  it('profiles: the blocker still sees the blocked member (blocked: true); the blocked member gets 404', async () => {
    const asBlocker = await t.app.inject({ url: `/api/user/${blocked.id}`, headers: bearer(blocker.token) });
    expect(asBlocker.json()).toMatchObject({ status: true, user: { _id: blocked.id, blocked: true } });
    const publicAsBlocker = await t.app.inject({ url: `/api/whispers/public-profile/${blocked.id}`, headers: bearer(blocker.token) });
    expect(publicAsBlocker.json()).toMatchObject({ success: true, profile: { _id: blocked.id, blocked: true } });
    for (const url of [`/api/user/${blocker.id}`, `/api/whispers/public-profile/${blocker.id}`]) {
      const answer = await t.app.inject({ url, headers: bearer(blocked.token) });
      expect([answer.statusCode, answer.json()]).toEqual([404, expect.objectContaining({ message: 'User not found' })]);
    }
    // Others see both as before, unflagged; nobody learns who blocked whom.
    expect((await t.app.inject({ url: `/api/user/${blocker.id}`, headers: bearer(other.token) })).json().user.blocked).toBe(false);
    expect((await t.app.inject({ url: `/api/user/${blocker.id}` })).json().user.blocked).toBeUndefined();
    expect((await t.app.inject({ url: `/api/user/${blocked.id}`, headers: bearer(blocked.token) })).json().user.blocked).toBeUndefined();
  });

  it('public profiles: a third member\'s followers leave out whoever the caller blocked or was blocked by', async () => {
    const c = await signUp(t.app);
    const fan = await signUp(t.app);
    expect((await follow(blocker, c)).statusCode).toBe(200);
    expect((await follow(blocked, c)).statusCode).toBe(200);
    expect((await follow(fan, c)).statusCode).toBe(200);
    const followersSeenBy = async (viewer: Account | undefined) => {
      const answer = await t.app.inject({ url: `/api/whispers/public-profile/${c.id}`, headers: viewer ? bearer(viewer.token) : {} });
      const { profile } = answer.json();
      return { ids: profile.followers.map((row: { _id: string }) => row._id).sort(), count: profile.followersCount };
    };
    // The counts stay whole: they are the profile's, not the caller's.
    expect(await followersSeenBy(blocked)).toEqual({ ids: [blocked.id, fan.id].sort(), count: 3 });
    expect(await followersSeenBy(blocker)).toEqual({ ids: [blocker.id, fan.id].sort(), count: 3 });
    expect(await followersSeenBy(other)).toEqual({ ids: [blocker.id, blocked.id, fan.id].sort(), count: 3 });
    expect(await followersSeenBy(undefined)).toEqual({ ids: [blocker.id, blocked.id, fan.id].sort(), count: 3 });
  });

  it('public profiles: the blocker sees the blocked member\'s profile without their whispers (none, and a count of 0)', async () => {
    const { whisper } = await postAll(t, blocked, uniqueWord());
    const asBlocker = (await t.app.inject({ url: `/api/whispers/public-profile/${blocked.id}`, headers: bearer(blocker.token) })).json();
    expect(asBlocker.profile).toMatchObject({ _id: blocked.id, blocked: true, postsCount: 0 });
    expect(asBlocker.posts).toEqual([]);
    const asOther = (await t.app.inject({ url: `/api/whispers/public-profile/${blocked.id}`, headers: bearer(other.token) })).json();
    expect(asOther.posts.map((row: { _id: string }) => row._id)).toContain(whisper);
    expect(asOther.profile.postsCount).toBeGreaterThan(0);
    const own = (await t.app.inject({ url: `/api/whispers/public-profile/${blocked.id}`, headers: bearer(blocked.token) })).json();
    expect(own.posts.map((row: { _id: string }) => row._id)).toContain(whisper);
  });

  it.each([0, 1])('posts: neither sees the other\'s in lists, search, the map or details, nor likes them (%s)', async (index) => {
    const [, me, them] = pairs()[index];
    const word = uniqueWord();
    const at = { latitude: -40 - index, longitude: -100 - index };
    const theirs = await postAll(t, them, word, at);
    // Someone else's view comes first: the kept pages hold their posts, which must not leak to `me`.
    expect(shows(await seen(t, other, word, at), theirs)).toEqual(all(true));
    expect(shows(await seen(t, undefined, word, at), theirs)).toEqual(all(true));
    expect(shows(await seen(t, me, word, at), theirs)).toEqual(all(false));
    expect(await detailStatuses(t, me, theirs)).toEqual({ need: 404, event: 404, skill: 404, whisper: 404 });
    expect(await detailStatuses(t, other, theirs)).toEqual({ need: 200, event: 200, skill: 200, whisper: 200 });
    const like = await t.app.inject({ method: 'POST', url: `/api/whispers/${theirs.whisper}/like`, headers: bearer(me.token), payload: {} });
    expect([like.statusCode, like.json().message]).toEqual([404, 'Whisper not found']);
  });

  it('a member with blocks pages through the lists by the cursors without the blocked member\'s posts', async () => {
    const word = uniqueWord();
    const theirs = [await postAll(t, blocked, word), await postAll(t, blocked, word)];
    const mine = await postAll(t, other, word);
    const pageThrough = async (viewer: Account) => {
      const found: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/approved-whispers?q=${word}&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await t.app.inject({ url: query, headers: bearer(viewer.token) })).json();
        found.push(...page.whispers.map((row: { _id: string }) => row._id));
        cursor = page.nextCursor;
      } while (cursor);
      return found;
    };
    expect(await pageThrough(blocker)).toEqual([mine.whisper]);
    expect(await pageThrough(other)).toEqual([mine.whisper, theirs[1].whisper, theirs[0].whisper]);
  });

  it('companions: neither finds the other by their trips', async () => {
    const place = `Place ${uniqueWord()}`;
    await travelTo(t, blocker, place);
    await travelTo(t, blocked, place);
    await travelTo(t, other, place);
    const companions = async (viewer: Account) =>
      (await t.app.inject({ url: '/api/companions', headers: bearer(viewer.token) })).json().data.map((row: { user: { _id: string } }) => row.user._id);
    expect(await companions(blocker)).toEqual([other.id]);
    expect(await companions(blocked)).toEqual([other.id]);
    expect((await companions(other)).sort()).toEqual([blocker.id, blocked.id].sort());
  });

  it('realtime: nothing reaches the blocked member\'s socket from the blocker\'s refused calls', async () => {
    const socket: Socket = connect(t.url, { path: '/socket.io', auth: { token: blocked.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard: string[] = [];
      socket.onAny((event: string) => heard.push(event));
      await sendMessage(blocker, blocked);
      await befriend(blocker, blocked);
      await follow(blocker, blocked);
      // What `other` sends does arrive (the message, then its notification, in that order): the
      // socket hears, so the silence before it is the block's.
      const told = new Promise<void>((resolve) => socket.once('notification', () => resolve()));
      await sendMessage(other, blocked, 'From someone else');
      await told;
      expect(heard).toEqual(['new-message', 'notification']);
    } finally {
      socket.close();
    }
  });

  it('unblocking lets them message, befriend, follow and see each other again', async () => {
    const x = await signUp(t.app);
    const y = await signUp(t.app);
    const word = uniqueWord();
    const posts = await postAll(t, y, word);
    await block(x, y.id);
    expect(shows(await seen(t, x, word), posts, { map: false })).toEqual(all(false, { map: false }));
    await unblock(x, y.id);
    expect(shows(await seen(t, x, word), posts, { map: false })).toEqual(all(true, { map: false }));
    expect((await sendMessage(y, x)).statusCode).toBe(201);
    expect((await befriend(x, y)).statusCode).toBe(201);
    expect((await follow(y, x)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/${x.id}`, headers: bearer(y.token) })).json().user.blocked).toBe(false);
  });
});
