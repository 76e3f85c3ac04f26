import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';
import { bearerToken, callerOf } from './auth.js';

// Every route declares its access class in config.access; exercise each class on test routes.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend(app) {
      app.get('/api/test/self/:userId', { config: { access: { self: 'userId' } } }, async (request) => ({ id: callerOf(request).user.id }));
      app.get('/api/test/optional', { config: { access: 'public' } }, async (request) => ({ user: request.user?.id ?? null }));
      app.get('/api/test/required', { config: { access: 'signed-in' } }, async (request) => ({
        user: callerOf(request).user.id, session: Boolean(request.session?.id),
      }));
      app.post('/api/test/body', { config: { access: 'signed-in' } }, async () => ({ read: true }));
    },
  });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

describe('access classes', () => {
  it('self: 200 for the owner, 403 Forbidden for someone else, 401 without a token', async () => {
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

  it('public: the caller when the token is valid, anonymous otherwise', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/test/optional', headers: bearer(user.token) })).json()).toEqual({ user: user.id });
    expect((await t.app.inject({ url: '/api/test/optional' })).json()).toEqual({ user: null });
    expect((await t.app.inject({ url: '/api/test/optional', headers: bearer('nope') })).json()).toEqual({ user: null });
  });

  it('signed-in: sets request.user and request.session', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/test/required', headers: bearer(user.token) })).json()).toEqual({ user: user.id, session: true });
    expect((await t.app.inject({ url: '/api/test/required', headers: { authorization: user.token } })).statusCode).toBe(401);
  });

  it('refuses an anonymous caller before reading the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/body', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(response.statusCode).toBe(401);
  });

  it('a route without an access class stops the app from starting', async () => {
    await expect(buildTestApp({
      extend(app) {
        app.get('/api/test/undeclared', async () => ({}));
      },
    })).rejects.toThrow('Routes without an access class (config.access): GET /api/test/undeclared');
  }, SETUP_TIMEOUT);

  it('bearerToken parses only the Bearer scheme', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer ' + 'x'.repeat(5000))).toBeUndefined();
  });
});
