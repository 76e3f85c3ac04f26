import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { otps, sessions, users } from '../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from './build-test-app.js';
import { bearer, login, signUp } from './fixtures.js';
import { multipart } from './multipart.js';

// Every account call × every kind of caller: only the owner may act on an account, and a call that
// is refused changes nothing of the victim's.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

type Account = Awaited<ReturnType<typeof signUp>>;
type Call = (target: Account, token: string | undefined) => Promise<{ statusCode: number; body: string }>;
const auth = (token?: string) => (token === undefined ? {} : bearer(token));

let png: Buffer;
const calls: Record<string, Call> = {
  'PUT edit-profile': (target, token) => t.app.inject({ method: 'PUT', url: `/api/edit-profile/${target.id}`, headers: auth(token), payload: { fullName: 'Taken Over', bio: 'pwned' } }),
  'POST upload': async (target, token) => {
    const form = await multipart({}, [{ name: 'profileImage', bytes: png, filename: 'a.png', type: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: `/api/${target.id}/upload`, headers: { ...auth(token), ...form.headers }, payload: form.payload });
  },
  'DELETE delete-user': (target, token) => t.app.inject({ method: 'DELETE', url: `/api/delete-user/${target.id}`, headers: auth(token) }),
  'POST change-password': (target, token) => t.app.inject({
    method: 'POST', url: `/api/change-password/${target.id}`, headers: auth(token),
    payload: { currentPassword: target.body.password, newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' },
  }),
  'POST send-email-otp': (_target, token) => t.app.inject({ method: 'POST', url: '/api/send-email-otp', headers: auth(token), payload: { newEmail: `new-${Date.now()}@example.net` } }),
  'POST verify-email-otp': (_target, token) => t.app.inject({ method: 'POST', url: '/api/verify-email-otp', headers: auth(token), payload: { otp: '123456', newEmail: 'x@example.net' } }),
  'GET user': (target, token) => t.app.inject({ url: `/api/user/${target.id}`, headers: auth(token) }),
};

// What each caller may get. The e-mail calls act on the caller's own account, so another user's
// token succeeds there, on the attacker's account; 'GET user' is public, without e-mail or phone.
const expected: Record<string, Record<string, number>> = {
  'PUT edit-profile': { none: 401, other: 403, revoked: 401, tampered: 401, owner: 200 },
  'POST upload': { none: 401, other: 403, revoked: 401, tampered: 401, owner: 200 },
  'DELETE delete-user': { none: 401, other: 403, revoked: 401, tampered: 401, owner: 200 },
  'POST change-password': { none: 401, other: 403, revoked: 401, tampered: 401, owner: 200 },
  'POST send-email-otp': { none: 401, other: 200, revoked: 401, tampered: 401, owner: 200 },
  'POST verify-email-otp': { none: 401, other: 400, revoked: 401, tampered: 401, owner: 400 },
  'GET user': { none: 200, other: 200, revoked: 200, tampered: 200, owner: 200 },
};

function tamper(token: string, otherId: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url')}.${signature}`;
}

async function snapshot(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  const liveSessions = (await t.db.select().from(sessions).where(eq(sessions.userId, id))).filter((s) => !s.revokedAt).length;
  return { row, liveSessions, codes: await t.db.$count(otps, eq(otps.userId, id)) };
}

describe('account calls × callers', () => {
  it('refuses every caller but the owner and leaves the victim untouched', async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const revoked = (await login(t.app, victim.body.username, victim.body.password)).json().token as string;
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(revoked) });
    const before = await snapshot(victim.id);
    const callers: Record<string, string | undefined> = { none: undefined, other: attacker.token, revoked, tampered: tamper(victim.token, attacker.id) };

    const unexpected: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      for (const [caller, token] of Object.entries(callers)) {
        const response = await call(victim, token);
        if (response.statusCode !== expected[name][caller]) unexpected.push(`${name} as ${caller}: ${response.statusCode} ${response.body}`);
        if (name === 'GET user' && response.body.includes(victim.body.email)) unexpected.push(`${name} as ${caller} shows the e-mail`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(await snapshot(victim.id)).toEqual(before);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(victim.token) })).statusCode).toBe(200);
  });

  it('lets the owner make each call (the matrix calls are valid)', async () => {
    const unexpected: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      const owner = await signUp(t.app);
      const response = await call(owner, owner.token);
      if (response.statusCode !== expected[name].owner) unexpected.push(`${name}: ${response.statusCode} ${response.body}`);
    }
    expect(unexpected).toEqual([]);
  });
});
