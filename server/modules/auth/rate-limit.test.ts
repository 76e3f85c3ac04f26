import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { login, register } from '../../test/fixtures.js';

// Limits lowered through the test app's config; each test uses its own client addresses.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { loginPerMinute: 5, loginFailures: 3, apiPerMinute: 10 } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const TOO_MANY = { message: 'Too many login attempts. Please try again later.' };
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

describe('login throttling per address and name', () => {
  it('refuses an address past 3 failures on a name, even the right password; other addresses still get in', async () => {
    const { body } = await register(t.app);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(t.app, body.username, 'wrong-pass', ip)).statusCode).toBe(401);
    const locked = await login(t.app, body.username, body.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    expect((await login(t.app, body.username, body.password, freshIp())).statusCode).toBe(200);
  });

  it('a success clears that address\'s failures', async () => {
    const { body } = await register(t.app);
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await login(t.app, body.username, 'wrong-pass', ip);
    expect((await login(t.app, body.username, body.password, ip)).statusCode).toBe(200);
    // Had the success not cleared the two, the second of these would be a fourth failure: 429. (A sixth
    // login from this address would meet the 5 a minute.)
    for (let i = 0; i < 2; i++) expect((await login(t.app, body.username, 'wrong-pass', ip)).statusCode).toBe(401);
  });

  it('locks unknown names the same way, so the lock reveals nothing', async () => {
    const name = `ghost_${Date.now()}`;
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(t.app, name, 'wrong-pass', ip)).statusCode).toBe(401);
    expect((await login(t.app, name, 'wrong-pass', ip)).json()).toEqual(TOO_MANY);
  });
});

describe('login throttling per IP', () => {
  it('answers 429 with the spec message after 5 logins a minute from one address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, `someone_${i}_${Date.now()}`, 'whatever1', ip)).statusCode).toBe(401);
    }
    const limited = await login(t.app, 'anyone', 'whatever1', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(t.app, 'anyone', 'whatever1', freshIp())).statusCode).toBe(401);
  });
});

describe('API rate limit per IP', () => {
  it('answers 429 { message } past the limit, and never limits static files', async () => {
    const ip = freshIp();
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await get('/api/notifications')).statusCode).toBe(401);
    const limited = await get('/api/notifications');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect((await get('/manifest.webmanifest')).statusCode).toBe(200);
  });
});
