import { and, eq } from 'drizzle-orm';
import { jobs, notifications, pushDeliveries, pushSubscriptions, users } from '../../db/schema.js';
import { buildTestApp, useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { startPushStub, type PushStub, type TestSubscription } from '../../test/push-stub.js';
import { createNotification, PUSH_JOB } from '../notifications/service.js';
import { DEVICES_PER_MEMBER } from './routes.js';

// The app's clock runs `skew` ahead of the system's: a failed push is due again after its backoff.
let skew = 0;
const t = useTestApp({ config: { pushAllowLoopbackHttp: true }, clock: () => new Date(Date.now() + skew) });
let stub: PushStub;
beforeAll(async () => {
  stub = await startPushStub();
});
afterAll(() => stub?.close());

const subscribe = (as: Account, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(as.token), payload: body as object });
const unsubscribe = (as: Account, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(as.token), payload: { endpoint } });
const bodyOf = ({ endpoint, keys }: TestSubscription) => ({ endpoint, expirationTime: null, keys });
/** A device of the member's, on the stub, with push on. */
async function device(as: Account) {
  const subscription = stub.subscribe();
  const answer = await subscribe(as, bodyOf(subscription));
  expect(answer.json()).toEqual({ success: true, data: { endpoint: subscription.endpoint, createdAt: expect.any(String) } });
  return subscription;
}
const send = async (from: Account, to: Account, content = 'Are you still in Goa?') => {
  const answer = await t.app.inject({ method: 'POST', url: `/api/messages/${to.id}`, headers: bearer(from.token), payload: { content } });
  expect(answer.statusCode).toBe(201);
};
const pushJob = async (userId: string) => (await t.db.select().from(jobs).where(and(eq(jobs.kind, PUSH_JOB), eq(jobs.key, userId), eq(jobs.state, 'pending'))))[0];
const devicesOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/key', () => {
  it('gives the server\'s VAPID public key (a P-256 point), signed out too', async () => {
    const answer = await t.app.inject({ url: '/api/push/key' });
    expect(answer.statusCode).toBe(200);
    const { publicKey } = answer.json().data as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });
});

describe('a message to a member with push on', () => {
  it('reaches each of their devices once, signed with VAPID, decrypting to { title, body, link, tag }', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const [phone, laptop] = [await device(asha), await device(asha)];
    await send(ravi, asha);
    expect(await pushJob(asha.id)).toBeDefined();
    await t.app.jobs.runDue();
    const expected = {
      title: 'New message', body: `@${ravi.body.username} sent you a message.`, link: `/messages/${ravi.id}`, tag: `message:/messages/${ravi.id}`,
    };
    for (const { endpoint } of [phone, laptop]) {
      const got = stub.deliveredTo(endpoint);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ status: 201, payload: expected, ttl: '86400' });
      expect(got[0].vapid).toMatchObject({ aud: stub.origin, sub: 'mailto:support@needspot.app' });
      expect(got[0].vapid!.k).toBe((await t.app.inject({ url: '/api/push/key' })).json().data.publicKey);
    }
    // Done with: nothing more on the next runs, and no delivery rows left behind.
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toHaveLength(1);
    const [row] = await t.db.select().from(notifications).where(and(eq(notifications.userId, asha.id), eq(notifications.kind, 'message')));
    expect(row.pushedAt).not.toBeNull();
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, row.id))).toEqual([]);
  });

  it('nothing when the member turned push off for messages (and no job); e-mail and the app unchanged', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    const saved = await t.app.inject({
      method: 'PUT', url: '/api/notifications/preferences', headers: bearer(asha.token), payload: [{ kind: 'message', inApp: true, email: true, push: false }],
    });
    expect(saved.json().data.find((item: { kind: string }) => item.kind === 'message')).toEqual({ kind: 'message', inApp: true, email: true, push: false });
    await send(ravi, asha);
    expect(await pushJob(asha.id)).toBeUndefined();
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toEqual([]);
    const listed = (await t.app.inject({ url: '/api/notifications', headers: bearer(asha.token) })).json().data as Array<{ title: string }>;
    expect(listed.map((item) => item.title)).toContain('New message');
  });

  it('no job at all for a member with no device', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    await send(ravi, asha);
    expect(await pushJob(asha.id)).toBeUndefined();
    const [row] = await t.db.select().from(notifications).where(and(eq(notifications.userId, asha.id), eq(notifications.kind, 'message')));
    expect(row.push).toBe(false);
  });

  it('410 from the push service removes that subscription; the member\'s other device still gets it', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const [old, phone] = [await device(asha), await device(asha)];
    stub.answer(old.endpoint, 410);
    await send(ravi, asha);
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toHaveLength(1);
    expect((await devicesOf(asha.id)).map((row) => row.endpoint)).toEqual([phone.endpoint]);
    expect(await pushJob(asha.id)).toBeUndefined(); // done, not retried
  });

  it('404 removes it too', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const gone = await device(asha);
    stub.answer(gone.endpoint, 404);
    await send(ravi, asha);
    await t.app.jobs.runDue();
    expect(await devicesOf(asha.id)).toEqual([]);
  });

  it('another failure is retried with backoff, to the failed device only: no duplicate on the devices that had it', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const [phone, flaky] = [await device(asha), await device(asha)];
    stub.answer(flaky.endpoint, 503);
    await send(ravi, asha);
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toHaveLength(1);
    expect(stub.deliveredTo(flaky.endpoint)).toHaveLength(1); // received, answered 503
    const job = await pushJob(asha.id);
    expect(job).toMatchObject({ attempts: 1, lastError: expect.stringContaining('503') });
    stub.answer(flaky.endpoint, 201);
    await t.app.jobs.runDue(); // not due yet
    expect(stub.deliveredTo(flaky.endpoint)).toHaveLength(1);
    skew += 31_000;
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(flaky.endpoint).map((push) => push.status)).toEqual([503, 201]);
    expect(stub.deliveredTo(phone.endpoint)).toHaveLength(1);
    expect(await pushJob(asha.id)).toBeUndefined();
  });

  it('two instances running due jobs at once send each push once', async () => {
    const second = await buildTestApp({ db: t.db, config: { ...t.config, jobsPollMs: 0 }, clock: () => new Date(Date.now() + skew) });
    try {
      const ravi = await signUp(t.app);
      const members = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
      const phones = await Promise.all(members.map((member) => device(member)));
      for (const member of members) await send(ravi, member);
      await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue(), second.app.jobs.runDue()]);
      for (const phone of phones) expect(stub.deliveredTo(phone.endpoint)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('signing out stops pushes to the device turned on in that session', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(asha.token) });
    await send(ravi, asha);
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toEqual([]);
  });

  it('nothing of a member suspended or blocked by the time the job runs', async () => {
    const [asha, ravi, mira] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    await createNotification(t.db, asha.id, { kind: 'friend-request', title: 'Friend request', body: 'Ravi wants to be friends', link: '/friends', actorId: ravi.id });
    await createNotification(t.db, asha.id, { kind: 'friend-request', title: 'Friend request', body: 'Mira wants to be friends', link: '/friends', actorId: mira.id });
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, ravi.id));
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${mira.id}`, headers: bearer(asha.token) })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint)).toEqual([]);
    const rows = await t.db.select().from(notifications).where(and(eq(notifications.userId, asha.id), eq(notifications.kind, 'friend-request')));
    expect(rows.map((row) => row.push)).toEqual([false, false]);
  });

  it('a kind wanted by push only (not in the app, not by e-mail) is stored hidden, pushed, then marked read', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    await t.app.inject({
      method: 'PUT', url: '/api/notifications/preferences', headers: bearer(asha.token), payload: [{ kind: 'follower', inApp: false, email: false, push: true }],
    });
    await createNotification(t.db, asha.id, { kind: 'follower', title: 'New follower', body: 'Ravi follows you', link: `/profile/${ravi.id}`, actorId: ravi.id });
    const listed = async () => ((await t.app.inject({ url: '/api/notifications', headers: bearer(asha.token) })).json().data as Array<{ title: string }>).map((item) => item.title);
    expect(await listed()).not.toContain('New follower');
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint).map((push) => push.payload)).toEqual([
      { title: 'New follower', body: 'Ravi follows you', link: `/profile/${ravi.id}`, tag: `follower:/profile/${ravi.id}` },
    ]);
    const [row] = await t.db.select().from(notifications).where(and(eq(notifications.userId, asha.id), eq(notifications.kind, 'follower')));
    expect(row).toMatchObject({ inApp: false, push: true, read: true });
    expect(row.pushedAt).not.toBeNull();
  });

  it('likes are not pushed by default; friend requests are', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    await createNotification(t.db, asha.id, { kind: 'like', title: 'New like', body: 'Ravi liked your whisper', link: '/whispers', actorId: ravi.id });
    await createNotification(t.db, asha.id, { kind: 'friend-request', title: 'Friend request', body: 'Ravi wants to be friends', link: '/friends', actorId: ravi.id });
    await t.app.jobs.runDue();
    expect(stub.deliveredTo(phone.endpoint).map((push) => (push.payload as { title: string }).title)).toEqual(['Friend request']);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('keeps one row per endpoint: the same device again updates it; a device another member had moves to the caller', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const shared = await device(asha);
    expect(await subscribe(asha, bodyOf(shared))).toHaveProperty('statusCode', 200);
    expect(await devicesOf(asha.id)).toHaveLength(1);
    expect((await subscribe(ravi, bodyOf(shared))).statusCode).toBe(200);
    expect(await devicesOf(asha.id)).toEqual([]);
    expect((await devicesOf(ravi.id)).map((row) => row.endpoint)).toEqual([shared.endpoint]);
  });

  it(`keeps at most ${DEVICES_PER_MEMBER} devices per member`, async () => {
    const asha = await signUp(t.app);
    for (let i = 0; i < DEVICES_PER_MEMBER + 2; i++) await device(asha);
    expect(await devicesOf(asha.id)).toHaveLength(DEVICES_PER_MEMBER);
  });

  it('401 without a token', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: bodyOf(stub.subscribe()) });
    expect(answer.statusCode).toBe(401);
  });

  const valid = () => bodyOf(stub.subscribe());
  it.each([
    ['no body', () => undefined],
    ['no keys', () => ({ endpoint: valid().endpoint })],
    ['an unknown field', () => ({ ...valid(), extra: 1 })],
    ['a p256dh that is not a P-256 point', () => ({ ...valid(), keys: { ...valid().keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } })],
    ['an auth secret of the wrong length', () => ({ ...valid(), keys: { ...valid().keys, auth: Buffer.alloc(20, 1).toString('base64url') } })],
    ['an endpoint that is not a URL', () => ({ ...valid(), endpoint: 'not a url' })],
    ['an http: endpoint off loopback', () => ({ ...valid(), endpoint: 'http://push.example.com/send/1' })],
    ['an endpoint on a private address', () => ({ ...valid(), endpoint: 'https://192.168.1.10/send/1' })],
    ['an endpoint on the cloud metadata address', () => ({ ...valid(), endpoint: 'https://169.254.169.254/latest/meta-data' })],
    ['an endpoint on an IPv4-mapped address', () => ({ ...valid(), endpoint: 'https://[::ffff:10.0.0.1]/send/1' })],
    ['an endpoint with credentials', () => ({ ...valid(), endpoint: 'https://user:pw@push.example.com/send/1' })],
    ['a file: endpoint', () => ({ ...valid(), endpoint: 'file:///etc/passwd' })],
  ])('400 { message } for %s, and nothing kept', async (_name, body) => {
    const asha = await signUp(t.app);
    const answer = await subscribe(asha, body());
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: expect.any(String) });
    expect(await devicesOf(asha.id)).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('removes only the caller\'s own subscription: another member\'s endpoint removes nothing', async () => {
    const [asha, ravi] = [await signUp(t.app), await signUp(t.app)];
    const phone = await device(asha);
    const theirs = await unsubscribe(ravi, phone.endpoint);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ success: true, data: { removed: 0 } });
    expect(await devicesOf(asha.id)).toHaveLength(1);
    const mine = await unsubscribe(asha, phone.endpoint);
    expect(mine.json()).toEqual({ success: true, data: { removed: 1 } });
    expect(await devicesOf(asha.id)).toEqual([]);
  });

  it('400 for a missing endpoint, 401 without a token', async () => {
    const asha = await signUp(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer(asha.token), payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: 'https://x.example/1' } })).statusCode).toBe(401);
  });
});
