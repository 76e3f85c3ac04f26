import { and, eq } from 'drizzle-orm';
import { friendRequests, notifications } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';

type Account = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const send = (from: Account, to: string) => t.app.inject({ method: 'POST', url: '/api/friend-requests', headers: bearer(from.token), payload: { receiverId: to } });
const answer = (as: Account, requestId: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/action-request/${requestId}`, headers: bearer(as.token), payload: { action, userId: as.id, firstName: 'ignored' } });
const pending = async (as: Account) => (await t.app.inject({ url: '/api/friend-requests', headers: bearer(as.token) })).json();
const profileStatus = async (as: Account, of: Account) =>
  (await t.app.inject({ url: `/api/whispers/public-profile/${of.id}`, headers: bearer(as.token) })).json().profile.friendStatus;

describe('friend requests', () => {
  it('A asks B: B sees it pending (with A\'s name and no avatar) and is told; accepting makes them friends and tells A', async () => {
    const a = await signUp(t.app, { firstName: 'Anil', lastName: 'Kumar' });
    const b = await signUp(t.app);
    const sent = await send(a, b.id);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ success: true, message: 'Friend request sent.', request: { status: 'pending', sender: { _id: a.id, firstName: 'Anil', lastName: 'Kumar', avatar: '' } } });
    expect(await profileStatus(a, b)).toBe('pending-sent');
    expect(await profileStatus(b, a)).toBe('pending-received');

    const list = await pending(b);
    expect(list).toMatchObject({ success: true, count: 1, data: [{ _id: sent.json().request._id, sender: { username: a.body.username } }] });
    expect((await pending(a)).count).toBe(0);

    const accepted = await answer(b, sent.json().request._id, 'accept');
    expect(accepted.json()).toEqual({ success: true, message: 'Friend request accepted.', status: 'accepted' });
    expect((await pending(b)).count).toBe(0);
    expect([await profileStatus(a, b), await profileStatus(b, a)]).toEqual(['friends', 'friends']);
    expect((await send(a, b.id)).json()).toMatchObject({ message: 'You are already friends.' });
    expect((await send(b, a.id)).statusCode).toBe(409);

    const told = async (who: Account) => (await t.db.select().from(notifications).where(eq(notifications.userId, who.id))).map((n) => n.body);
    expect(await told(b)).toContain(`@${a.body.username} sent you a friend request.`);
    expect(await told(a)).toContain(`@${b.body.username} accepted your friend request.`);
    const mine = (await t.app.inject({ url: `/api/my-requests/${a.id}`, headers: bearer(a.token) })).json();
    expect(mine.data.map((r: { status: string }) => r.status)).toEqual(['accepted']);
  });

  it('a rejected request can be sent again later; only the receiver may answer, once', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const id = (await send(a, b.id)).json().request._id as string;
    expect((await answer(a, id, 'accept')).statusCode).toBe(404); // the sender cannot answer their own request
    expect((await answer(b, id, 'maybe')).json()).toMatchObject({ message: "action must be 'accept' or 'reject'" });
    expect((await answer(b, id, 'Reject')).json()).toMatchObject({ status: 'rejected' });
    expect((await answer(b, id, 'accept')).json()).toMatchObject({ message: 'This friend request was already answered.' });
    expect(await profileStatus(a, b)).toBe('none');
    expect((await send(a, b.id)).statusCode).toBe(201);
  });

  it('no request to oneself (400), to nobody (404), or without a session (401); another user\'s sent list is refused', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await send(a, a.id)).json()).toMatchObject({ message: 'You cannot send a friend request to yourself.' });
    expect((await send(a, a.id.toUpperCase())).json()).toEqual({ message: 'receiverId is not a valid uuid' });
    expect((await send(a, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/friend-requests', payload: { receiverId: b.id } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/my-requests/${b.id}`, headers: bearer(a.token) })).statusCode).toBe(403);
  });

  it('requests racing both ways between two users: exactly one is made', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const answers = await Promise.all([send(a, b.id), send(b, a.id), send(a, b.id), send(b, a.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.db.select().from(friendRequests).where(and(eq(friendRequests.status, 'pending')));
    expect(rows.filter((r) => [r.senderId, r.receiverId].sort().join() === [a.id, b.id].sort().join())).toHaveLength(1);
  });

  it('accept and reject racing on one request: exactly one wins, the other gets 409', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const id = (await send(a, b.id)).json().request._id as string;
    const [accept, reject] = await Promise.all([answer(b, id, 'accept'), answer(b, id, 'reject')]);
    expect([accept.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(friendRequests).where(eq(friendRequests.id, id));
    expect(row.status).toBe(accept.statusCode === 200 ? 'accepted' : 'rejected');
  });
});
