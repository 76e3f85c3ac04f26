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
      data: [{ _id: expect.any(String), title: 'Welcome to Need Spot!', body: expect.stringMatching(/\w/), createdAt: expect.any(String), read: false }],
    });
  });

  it('lists only the caller’s notifications, newest first', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await createNotification(t.db, me.id, { title: 'Newer', body: 'b' });
    await createNotification(t.db, other.id, { title: 'Not yours', body: 'b' });
    const titles = (await list(me.token)).json().data.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['Newer', 'Welcome to Need Spot!']);
  });

  it('401 without a token', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized' });
  });
});
