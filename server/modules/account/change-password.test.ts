import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, login, randomIp, signUp } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { loginFailures: 3 } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const change = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/change-password/${id}`, headers: bearer(token), payload });
const me = (token: string) => t.app.inject({ url: '/api/notifications', headers: bearer(token) });
const body = (currentPassword: string, newPassword = 'changed-99', confirmPassword = newPassword) => ({ currentPassword, newPassword, confirmPassword });

describe('POST /api/change-password/:userId', () => {
  it('changes the password, keeps the calling session and revokes the others', async () => {
    const user = await signUp(t.app);
    const other = (await login(t.app, user.body.username, user.body.password)).json().token as string;
    const response = await change(user.id, user.token, body(user.body.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Password Changed' });
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(t.app, user.body.username, user.body.password)).statusCode).toBe(401);
    expect((await login(t.app, user.body.username, 'changed-99')).statusCode).toBe(200);
  });

  it('400 Current password is incorrect, and nothing changes', async () => {
    const user = await signUp(t.app);
    const response = await change(user.id, user.token, body('not-my-password'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: 'Current password is incorrect', field: 'currentPassword' });
    expect((await login(t.app, user.body.username, user.body.password)).statusCode).toBe(200);
  });

  it('wrong current passwords are limited per user and address (429 after 3)', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await change(user.id, user.token, body('guess-' + i))).statusCode).toBe(400);
    const locked = await change(user.id, user.token, body(user.body.password));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: false, message: 'Too many requests. Please try again later.' });
    // Per user and address, not per session: signing in again does not reset it, and the owner's
    // login is not refused; another address is not refused either.
    const again = (await login(t.app, user.body.username, user.body.password)).json().token as string;
    expect((await change(user.id, again, body(user.body.password))).statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST', url: `/api/change-password/${user.id}`, headers: bearer(again), remoteAddress: randomIp(), payload: body(user.body.password),
    });
    expect(elsewhere.json()).toEqual({ status: true, message: 'Password Changed' });
  });

  it.each([
    [{ newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'Current password is required.'],
    [{ currentPassword: 'x', confirmPassword: 'abcdef' }, 'New password is required.'],
    [{ currentPassword: 'x', newPassword: 'abcdef' }, 'Confirm password is required.'],
    [{ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
    [{ currentPassword: 'x', newPassword: 'abcdef', confirmPassword: 'abcdeg' }, 'Passwords do not match.'],
  ])('400 %j → %s', async (payload, message) => {
    const user = await signUp(t.app);
    const response = await change(user.id, user.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message });
  });
});
