import { and, eq } from 'drizzle-orm';
import { jobs, notifications } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { DEFAULT_CHANNELS, NOTIFICATION_KINDS } from './kinds.js';
import { KindSchema } from './schemas.js';
import { createNotification, DIGEST_JOB } from './service.js';

const t = useTestApp({ config: { notifyEmailDelaySeconds: 600 } });

const read = (as: Account) => t.app.inject({ url: '/api/notifications/preferences', headers: bearer(as.token) });
const save = (as: Account, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: bearer(as.token), payload: payload as object });
const DEFAULTS = NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_CHANNELS[kind] }));
const listed = async (as: Account) => (await t.app.inject({ url: '/api/notifications', headers: bearer(as.token) })).json();
const rowsTitled = (userId: string, title: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const digestJob = async (userId: string) => (await t.db.select().from(jobs).where(and(eq(jobs.kind, DIGEST_JOB), eq(jobs.key, userId), eq(jobs.state, 'pending'))))[0];

describe('GET /api/notifications/preferences', () => {
  it('gives every kind with its default: messages, friend requests, events and moderation by e-mail; messages, friend requests and events by push; likes and follows in the app only', async () => {
    const me = await signUp(t.app);
    const answer = await read(me);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: DEFAULTS });
    expect(answer.json().data.find((item: { kind: string }) => item.kind === 'like')).toEqual({ kind: 'like', inApp: true, email: false, push: false });
    expect(answer.json().data.find((item: { kind: string }) => item.kind === 'message')).toEqual({ kind: 'message', inApp: true, email: true, push: true });
  });

  it('401 without a token, for reading and for saving', async () => {
    expect((await t.app.inject({ url: '/api/notifications/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload: [] })).statusCode).toBe(401);
  });

  it('the schema names exactly the kinds of kinds.ts', () => {
    expect(KindSchema.anyOf.map((literal) => literal.const)).toEqual([...NOTIFICATION_KINDS]);
  });
});

describe('PUT /api/notifications/preferences', () => {
  it('saves the kinds given, keeps the others, and answers the whole list; in the app stays on for messages', async () => {
    const me = await signUp(t.app);
    const answer = await save(me, [{ kind: 'like', inApp: false, email: true }, { kind: 'message', inApp: false, email: false }]);
    expect(answer.statusCode).toBe(200);
    const expected = DEFAULTS.map((item) => (item.kind === 'like' ? { kind: 'like', inApp: false, email: true, push: false }
      : item.kind === 'message' ? { kind: 'message', inApp: true, email: false, push: true } : item));
    expect(answer.json()).toEqual({ success: true, data: expected });
    expect((await read(me)).json().data).toEqual(expected);
    // Saved again: changed again, not added twice.
    await save(me, [{ kind: 'like', inApp: true, email: false }]);
    expect((await read(me)).json().data.find((item: { kind: string }) => item.kind === 'like')).toEqual({ kind: 'like', inApp: true, email: false, push: false });
  });

  it('saves push per kind; a kind saved without push keeps its push choice (clients from before push)', async () => {
    const me = await signUp(t.app);
    const saved = await save(me, [{ kind: 'like', inApp: true, email: false, push: true }, { kind: 'event', inApp: true, email: true, push: false }]);
    expect(saved.statusCode).toBe(200);
    await save(me, [{ kind: 'like', inApp: false, email: false }]);
    const data = (await read(me)).json().data as Array<{ kind: string }>;
    expect(data.find((item) => item.kind === 'like')).toEqual({ kind: 'like', inApp: false, email: false, push: true });
    expect(data.find((item) => item.kind === 'event')).toEqual({ kind: 'event', inApp: true, email: true, push: false });
    expect((await save(me, [{ kind: 'like', inApp: true, email: false, push: 'yes' }])).statusCode).toBe(400);
  });

  it('leaves another member\'s choices alone', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await save(other, [{ kind: 'follower', inApp: false, email: true }]);
    await save(me, NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: false, email: false })));
    expect((await read(other)).json().data.find((item: { kind: string }) => item.kind === 'follower')).toEqual({ kind: 'follower', inApp: false, email: true, push: false });
    expect((await read(other)).json().data.filter((item: { kind: string }) => item.kind !== 'follower')).toEqual(DEFAULTS.filter((item) => item.kind !== 'follower'));
  });

  it.each([
    ['an unknown kind', [{ kind: 'promo', inApp: true, email: true }]],
    ['the welcome\'s kind, which is no choice', [{ kind: 'general', inApp: false, email: false }]],
    ['a missing channel', [{ kind: 'like', inApp: true }]],
    ['a channel that is not true or false', [{ kind: 'like', inApp: 'yes', email: false }]],
    ['an unknown field', [{ kind: 'like', inApp: true, email: false, sms: true }]],
    ['an empty list', []],
    ['an object instead of a list', { kind: 'like', inApp: true, email: false }],
    ['too many items', Array.from({ length: 10 }, () => ({ kind: 'like', inApp: true, email: false }))],
  ])('400 { message } for %s, and nothing saved', async (_name, payload) => {
    const me = await signUp(t.app);
    const answer = await save(me, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: expect.any(String) });
    expect((await read(me)).json().data).toEqual(DEFAULTS);
  });

  it('400 for a kind given twice', async () => {
    const me = await signUp(t.app);
    const answer = await save(me, [{ kind: 'like', inApp: true, email: false }, { kind: 'like', inApp: false, email: true }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'Each kind may be given only once.' });
  });
});

describe('new notifications follow the member\'s choice', () => {
  it('in the app and by e-mail: shown, marked for e-mail, and the member\'s digest job scheduled after the delay', async () => {
    const me = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'friend-request', link: '/all-requests', title: 'Friend request', body: 'ask-1' });
    const [row] = await rowsTitled(me.id, 'Friend request');
    expect(row).toMatchObject({ inApp: true, email: true, emailedAt: null, link: '/all-requests', kind: 'friend-request' });
    expect((await listed(me)).data[0]).toMatchObject({ kind: 'friend-request', title: 'Friend request', link: '/all-requests' });
    const job = await digestJob(me.id);
    const delay = job.runAt.getTime() - row.createdAt.getTime();
    expect(delay).toBeGreaterThanOrEqual(599_000);
    expect(delay).toBeLessThanOrEqual(601_000);
  });

  it('in the app only (a like by default): shown, not for e-mail, no job', async () => {
    const me = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'like', title: 'New like', body: 'like-1' });
    expect(await rowsTitled(me.id, 'New like')).toEqual([expect.objectContaining({ inApp: true, email: false })]);
    expect(await digestJob(me.id)).toBeUndefined();
  });

  it('by e-mail only: kept for the digest but hidden from the list and the badge, and read-all leaves it for the digest', async () => {
    const me = await signUp(t.app);
    await save(me, [{ kind: 'follower', inApp: false, email: true }]);
    const before = await listed(me);
    await createNotification(t.db, me.id, { kind: 'follower', title: 'New follower', body: 'follow-1' });
    expect(await rowsTitled(me.id, 'New follower')).toEqual([expect.objectContaining({ inApp: false, email: true, read: false })]);
    expect(await listed(me)).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: bearer(me.token) })).json().updated).toBe(1); // the welcome
    expect(await rowsTitled(me.id, 'New follower')).toEqual([expect.objectContaining({ read: false })]);
    expect(await digestJob(me.id)).toBeDefined();
  });

  it('neither channel: nothing is stored', async () => {
    const me = await signUp(t.app);
    await save(me, [{ kind: 'badge', inApp: false, email: false }]);
    await createNotification(t.db, me.id, { kind: 'badge', title: 'Badge earned', body: 'badge-1' });
    expect(await rowsTitled(me.id, 'Badge earned')).toEqual([]);
  });

  it('an unread twin is still not told again, whatever the channels', async () => {
    const me = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'friend-request', title: 'Friend request', body: 'twin' });
    await createNotification(t.db, me.id, { kind: 'friend-request', title: 'Friend request', body: 'twin' });
    expect(await rowsTitled(me.id, 'Friend request')).toHaveLength(1);
  });

  it('a message\'s notification is never e-mailed itself (the digest quotes the messages), but it schedules the digest', async () => {
    const me = await signUp(t.app);
    const sender = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: `/api/messages/${me.id}`, headers: bearer(sender.token), payload: { content: 'Hello there' } });
    expect(await rowsTitled(me.id, 'New message')).toEqual([expect.objectContaining({ kind: 'message', inApp: true, email: false, link: `/messages/${sender.id}` })]);
    expect(await digestJob(me.id)).toBeDefined();
  });

  it('messages not wanted by e-mail: no digest job', async () => {
    const me = await signUp(t.app);
    const sender = await signUp(t.app);
    await save(me, [{ kind: 'message', inApp: false, email: false }]);
    await t.app.inject({ method: 'POST', url: `/api/messages/${me.id}`, headers: bearer(sender.token), payload: { content: 'Hello there' } });
    expect(await rowsTitled(me.id, 'New message')).toEqual([expect.objectContaining({ inApp: true })]);
    expect(await digestJob(me.id)).toBeUndefined();
  });

  it('turning e-mail off for a kind: what waited for the digest is no longer sent (and an e-mail-only one is done with)', async () => {
    const me = await signUp(t.app);
    await save(me, [{ kind: 'follower', inApp: false, email: true }]);
    await createNotification(t.db, me.id, { kind: 'follower', title: 'New follower', body: 'follow-2' });
    await createNotification(t.db, me.id, { kind: 'friend-request', title: 'Friend request', body: 'ask-2' });
    await save(me, [{ kind: 'follower', inApp: false, email: false }, { kind: 'friend-request', inApp: true, email: false }]);
    expect(await rowsTitled(me.id, 'New follower')).toEqual([expect.objectContaining({ email: false, read: true })]);
    expect(await rowsTitled(me.id, 'Friend request')).toEqual([expect.objectContaining({ email: false, read: false })]);
  });
});
