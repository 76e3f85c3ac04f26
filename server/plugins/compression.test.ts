import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createNotification } from '../modules/notifications/service.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';

// API answers above 1 KB go out compressed by Accept-Encoding; an answer carrying a token never does.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

describe('API compression', () => {
  it('compresses a JSON answer above 1 KB, Brotli or gzip, and sends it plain to other clients', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 12; i++) await createNotification(t.db, user.id, { kind: 'general', title: `Trip update ${i}`, body: 'Your companion confirmed the dates.' });
    const get = (acceptEncoding?: string) => t.app.inject({
      url: '/api/notifications',
      headers: { ...bearer(user.token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB alone', async () => {
    const user = await signUp(t.app);
    const answer = await t.app.inject({ url: `/api/user/${user.id}`, headers: { 'accept-encoding': 'br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an answer that carries a token', async () => {
    // Every route whose answer schema has a token opts out; today that is the login.
    const withToken = t.app.routeTable.filter((route) => {
      const answers = Object.values((route.schema?.response ?? {}) as Record<string, { properties?: object }>);
      return answers.some((answer) => answer.properties && 'token' in answer.properties);
    });
    expect(withToken.map((route) => `${route.method} ${route.url}`)).toEqual(['POST /api/login']);
    for (const route of withToken) expect(route.compress).toBe(false);

    // A login answer made larger than 1 KB (a long bio) still goes out plain.
    const user = await signUp(t.app);
    const bio = 'Slow travel, night trains and street food. '.repeat(11).slice(0, 480);
    await t.app.inject({ method: 'PUT', url: `/api/edit-profile/${user.id}`, headers: bearer(user.token), payload: { bio } });
    const login = await t.app.inject({
      method: 'POST', url: '/api/login', headers: { 'accept-encoding': 'br, gzip' },
      payload: { username: user.body.username, password: user.body.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body.length).toBeGreaterThan(1024);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().token).toEqual(expect.any(String));
  });
});
