import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';
import { bearerToken } from './auth.js';

// Later modules guard every /{userId} route with app.requireSelf('userId'); exercise it on test routes.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend(app) {
      app.get('/api/test/self/:userId', { preHandler: app.requireSelf('userId') }, async (request) => ({ id: request.user!.id }));
      app.get('/api/test/optional', { preHandler: app.optionalAuth }, async (request) => ({ user: request.user?.id ?? null }));
      app.get('/api/test/required', { preHandler: app.authenticate }, async (request) => ({
        user: request.user!.id, session: Boolean(request.session?.id),
      }));
    },
  });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

describe('auth preHandlers', () => {
  it('requireSelf: 200 for the owner, 403 Forbidden for someone else, 401 without a token', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const url = `/api/test/self/${owner.id}`;
    expect((await t.app.inject({ url, headers: bearer(owner.token) })).json()).toEqual({ id: owner.id });
    expect((await t.app.inject({ url: url.toUpperCase().replace('/API/TEST/SELF/', '/api/test/self/'), headers: bearer(owner.token) })).statusCode).toBe(200);
    const forbidden = await t.app.inject({ url, headers: bearer(other.token) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthorized' });
  });

  it('optionalAuth: the caller when the token is valid, anonymous otherwise', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/test/optional', headers: bearer(user.token) })).json()).toEqual({ user: user.id });
    expect((await t.app.inject({ url: '/api/test/optional' })).json()).toEqual({ user: null });
    expect((await t.app.inject({ url: '/api/test/optional', headers: bearer('nope') })).json()).toEqual({ user: null });
  });

  it('authenticate: sets request.user and request.session', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/test/required', headers: bearer(user.token) })).json()).toEqual({ user: user.id, session: true });
    expect((await t.app.inject({ url: '/api/test/required', headers: { authorization: user.token } })).statusCode).toBe(401);
  });

  it('bearerToken parses only the Bearer scheme', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer ' + 'x'.repeat(5000))).toBeUndefined();
  });
});
