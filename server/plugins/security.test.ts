import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, login, newRegistration, randomIp, register } from '../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { osrmUrl: 'https://router.example.org/route/v1', tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 200],
    ['an API error', '/api/singleneeds/not-a-uuid', 400],
    ['an unknown API route', '/api/no-such-route', 404],
  ])('%s carries the policy and helmet headers', async (_what, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/0\.tiles\.example\.org/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/router\.example\.org/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('what caches may keep', () => {
  it('an answer with a token or the account\'s own fields is no-store, and says it varies by Authorization', async () => {
    const { body, user } = await register(t.app);
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration(), remoteAddress: randomIp() });
    expect(registered.headers['cache-control']).toBe('no-store');
    const loggedIn = await login(t.app, body.username, body.password);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.headers['cache-control']).toBe('no-store');
    const own = await t.app.inject({ url: `/api/user/${user._id}`, headers: bearer(loggedIn.json().token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.vary).toMatch(/\bAuthorization\b/);
  });

  it('a public answer may be kept, and varies by Authorization', async () => {
    const list = await t.app.inject({ url: '/api/all-needs?limit=100' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBeUndefined();
    expect(String(list.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['Authorization']));
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
    expect(health.headers.vary).toBe('Authorization');
  });
});
