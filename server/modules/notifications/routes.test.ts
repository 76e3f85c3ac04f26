import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';
import { createNotification } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const list = (token?: string) => t.app.inject({ url: '/api/notifications', headers: token ? bearer(token) : {} });

describe('GET /api/notifications', () => {
  it('gives a new account its welcome notification', async () => {
    const { token } = await signUp(t.app);
    const response = await list(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [{
        _id: expect.any(String), kind: 'general', title: 'Welcome to Need Spot!', body: expect.stringMatching(/\w/), link: '', createdAt: expect.any(String), read: false,
      }],
      unreadCount: 1,
    });
  });

  it('lists only the caller’s notifications, newest first', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'general', title: 'Newer', body: 'b' });
    await createNotification(t.db, other.id, { kind: 'general', title: 'Not yours', body: 'b' });
    const titles = (await list(me.token)).json().data.map((n: { kind: 'general', title: string }) => n.title);
    expect(titles).toEqual(['Newer', 'Welcome to Need Spot!']);
  });

  it('401 without a token', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('marking notifications read', () => {
  const read = (token: string, path: string) => t.app.inject({ method: 'POST', url: `/api/notifications/${path}`, headers: bearer(token) });

  it('marks one read, then all; the unread count follows', async () => {
    const me = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'general', title: 'New like', body: 'a' });
    await createNotification(t.db, me.id, { kind: 'general', title: 'New follower', body: 'b' });
    const [newest] = (await list(me.token)).json().data;
    expect((await read(me.token, `${newest._id as string}/read`)).json()).toEqual({ success: true, updated: 1 });
    expect((await read(me.token, `${newest._id as string}/read`)).json()).toEqual({ success: true, updated: 0 }); // already read
    const after = (await list(me.token)).json();
    expect(after.unreadCount).toBe(2);
    expect(after.data.find((n: { _id: string }) => n._id === newest._id).read).toBe(true);
    expect((await read(me.token, 'read-all')).json()).toEqual({ success: true, updated: 2 });
    expect((await list(me.token)).json().unreadCount).toBe(0);
  });

  it('another user\'s notification is not found (404) and stays unread', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const [theirs] = (await list(other.token)).json().data;
    expect((await read(me.token, `${theirs._id as string}/read`)).statusCode).toBe(404);
    expect((await list(other.token)).json().data[0].read).toBe(false);
  });

  it('an unread notification is not repeated; once read, the same news is told again', async () => {
    const me = await signUp(t.app);
    await createNotification(t.db, me.id, { kind: 'general', title: 'New like', body: 'same' });
    await createNotification(t.db, me.id, { kind: 'general', title: 'New like', body: 'same' });
    expect((await list(me.token)).json().data.filter((n: { body: string }) => n.body === 'same')).toHaveLength(1);
    await read(me.token, 'read-all');
    await createNotification(t.db, me.id, { kind: 'general', title: 'New like', body: 'same' });
    expect((await list(me.token)).json().data.filter((n: { body: string }) => n.body === 'same')).toHaveLength(2);
  });
});
