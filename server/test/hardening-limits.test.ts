import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import * as passwords from '../lib/passwords.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from './build-test-app.js';
import { bearer, newRegistration, register, signUp } from './fixtures.js';

// Regression tests of the security review: per-address and per-account limits cannot be dodged.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { loginPerMinute: 60, loginFailures: 10, registrationsPerIp: 3 } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

let nextIp = 1;
const freshIp = () => `10.9.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
const statuses = (answers: { statusCode: number }[]) => answers.reduce<Record<number, number>>((counts, { statusCode }) => {
  counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}, {});

describe('per-address limits follow the matched route, not the URL text', () => {
  it.each(['/api/login', '/%61pi/login', '/api/%6cogin', '/%61%70%69/login'])('90 logins from one address through %s: 30 get 429', async (url) => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 90; i++) {
      answers.push(await t.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { username: `nobody_${i}_${Date.now()}`, password: 'wrong-one-1' } }));
    }
    expect(statuses(answers)).toEqual({ 401: 60, 429: 30 });
  }, 60_000);
});

describe('TRUST_PROXY: the client address is the one the trusted proxy saw', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ config: { trustProxy: 1 }, limits: { loginPerMinute: 5 } });
  }, SETUP_TIMEOUT);
  afterAll(() => proxied?.close());

  it('a client rotating X-Forwarded-For behind one proxy is still one address', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(await proxied.app.inject({
        method: 'POST', url: '/api/login', remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { username: `nobody_${i}`, password: 'wrong-one-1' },
      }));
    }
    expect(statuses(answers)).toEqual({ 401: 5, 429: 3 });
  });

  it('two clients behind the proxy are two addresses (TRUST_PROXY=1: the address the proxy saw)', async () => {
    const login = (client: string, i: number) => proxied.app.inject({
      method: 'POST', url: '/api/login', remoteAddress: '10.0.0.3',
      headers: { 'x-forwarded-for': client },
      payload: { username: `nobody_${client}_${i}`, password: 'wrong-one-1' },
    });
    const first = [];
    for (let i = 0; i < 6; i++) first.push(await login('203.0.113.21', i));
    expect(statuses(first)).toEqual({ 401: 5, 429: 1 });
    expect((await login('203.0.113.22', 0)).statusCode).toBe(401);
  });
});

describe('password checks are counted before they run', () => {
  it('50 parallel wrong logins on one name from one address: 10 are checked, 40 get 429', async () => {
    const { body } = await register(t.app);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({
      method: 'POST', url: '/api/login', remoteAddress: ip, payload: { username: body.username, password: 'wrong-guess-1' },
    })));
    expect(statuses(answers)).toEqual({ 401: 10, 429: 40 });
    // Another address is not refused: the owner's right password gets in.
    const owner = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: freshIp(), payload: { username: body.username, password: body.password } });
    expect(owner.statusCode).toBe(200);
  }, 60_000);

  it('50 parallel wrong current passwords on a password change: 10 are checked, 40 get 429', async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({
      method: 'POST', url: `/api/change-password/${user.id}`, headers: bearer(user.token),
      payload: { currentPassword: 'wrong-guess-1', newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    })));
    expect(statuses(answers)).toEqual({ 400: 10, 429: 40 });
    // A stolen token's guesses are counted apart from logins: the owner still signs in.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.body.username, password: user.body.password } });
    expect(login.statusCode).toBe(200);
  }, 60_000);
});

describe('registration', () => {
  it('is limited per client address (429 past the limit, others unaffected)', async () => {
    const ip = freshIp();
    const post = () => t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: ip, payload: newRegistration() });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many registrations from your network. Please try again later.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), payload: newRegistration() })).statusCode).toBe(201);
  });

  it('answers a taken username or address without computing a password hash', async () => {
    const { body } = await register(t.app, {}, freshIp());
    const hash = jest.spyOn(passwords, 'hashPassword');
    try {
      const taken = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp(), payload: newRegistration({ username: body.username }) });
      expect(taken.json()).toEqual({ message: 'Username already taken' });
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });
});

describe('sessions', () => {
  it('expired sessions are pruned when a new one opens', async () => {
    const user = await signUp(t.app);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    await signUp(t.app);
    expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });
});
