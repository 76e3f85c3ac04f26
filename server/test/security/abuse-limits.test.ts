import type { InjectOptions } from 'fastify';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../build-test-app.js';
import { newRegistration } from '../fixtures.js';
import { startNominatimStub } from '../nominatim-stub.js';
import { bearer, codeFor, recordFigures, signUp } from './harness.js';

// Each abuse limit throttles past its limit; the per-account and per-address ones are kept in the
// database, so they hold after a restart (a new app on the same database).
const limits = { loginFailures: 3, otpSendsPerAddress: 2, codeFailuresPerAddress: 4, registrationsPerIp: 2, geoPerMinute: 2, geoUpstreamIntervalMs: 0 };
let stub: Awaited<ReturnType<typeof startNominatimStub>>;
let first: TestApp;
let restarted: TestApp;
const figures = { routes: 0, requests: 0, violations: 0 };

beforeAll(async () => {
  stub = await startNominatimStub();
  first = await buildTestApp({ config: { nominatimUrl: stub.url }, limits });
}, SETUP_TIMEOUT);
afterAll(async () => {
  recordFigures('abuse limits', figures);
  await restarted?.close();
  await first?.close();
  await stub?.close();
});

async function call(t: TestApp, options: InjectOptions) {
  figures.requests++;
  return t.app.inject(options);
}
const restart = async () => {
  restarted ??= await buildTestApp({ config: { nominatimUrl: stub.url }, limits, db: first.db });
  return restarted;
};

describe('abuse limits', () => {
  it('login: an address locks out of a name after 3 wrong passwords, also after a restart; other addresses get in', async () => {
    figures.routes++;
    const user = await signUp(first.app);
    const login = (t: TestApp, password: string, remoteAddress = '10.66.1.1') =>
      call(t, { method: 'POST', url: '/api/login', remoteAddress, payload: { username: user.body.username, password } });
    for (let i = 0; i < 3; i++) expect((await login(first, 'wrong-guess-1')).statusCode).toBe(401);
    expect((await login(first, user.body.password)).statusCode).toBe(429);
    expect((await login(await restart(), user.body.password)).statusCode).toBe(429);
    expect((await login(await restart(), user.body.password, '10.66.1.2')).statusCode).toBe(200);
  });

  it('code sends: 2 per address, also after a restart', async () => {
    figures.routes++;
    const email = `abuse-${Date.now()}@example.com`;
    const forgot = (t: TestApp) => call(t, { method: 'POST', url: '/api/forgot-password', payload: { email } });
    expect((await forgot(first)).statusCode).toBe(200);
    expect((await forgot(first)).statusCode).toBe(200);
    expect((await forgot(first)).statusCode).toBe(429);
    expect((await forgot(await restart())).statusCode).toBe(429);
  });

  it('code checks: 4 wrong codes per address, then even the right one is refused, also after a restart', async () => {
    figures.routes++;
    const user = await signUp(first.app);
    const email = user.body.email;
    await call(first, { method: 'POST', url: '/api/forgot-password', payload: { email } });
    const code = await codeFor(first, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const check = (t: TestApp, otp: string) => call(t, { method: 'POST', url: '/api/forgot-password-otp', payload: { email, otp } });
    for (let i = 0; i < 4; i++) expect((await check(first, wrong)).statusCode).toBe(400);
    expect((await check(first, code)).statusCode).toBe(429);
    expect((await check(await restart(), code)).statusCode).toBe(429);
  });

  it('registration: 2 per client address, also after a restart', async () => {
    figures.routes++;
    const register = (t: TestApp) => call(t, { method: 'POST', url: '/api/register', remoteAddress: '10.66.0.1', payload: newRegistration() });
    expect((await register(first)).statusCode).toBe(201);
    expect((await register(first)).statusCode).toBe(201);
    expect((await register(first)).statusCode).toBe(429);
    expect((await register(await restart())).statusCode).toBe(429);
  });

  it('geocoding: 2 lookups a minute per client address', async () => {
    figures.routes++;
    const lookup = () => call(first, { url: '/api/geo/search?q=Goa', remoteAddress: '10.66.0.2' });
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(200);
    expect((await lookup()).statusCode).toBe(429);
  });

  it('a signed-in user cannot reset the counters by signing in again', async () => {
    figures.routes++;
    const user = await signUp(first.app);
    const change = (token: string, currentPassword: string) => call(first, {
      method: 'POST', url: `/api/change-password/${user.id}`, headers: bearer(token), remoteAddress: '10.66.1.3',
      payload: { currentPassword, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    });
    for (let i = 0; i < 3; i++) await change(user.token, 'wrong-guess-1');
    const login = await call(first, { method: 'POST', url: '/api/login', remoteAddress: '10.66.1.3', payload: { username: user.body.username, password: user.body.password } });
    expect(login.statusCode).toBe(200);
    expect((await change(login.json().token, user.body.password)).statusCode).toBe(429);
  }, SETUP_TIMEOUT);
});
