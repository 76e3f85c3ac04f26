import fc from 'fast-check';
import sharp from 'sharp';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from './build-test-app.js';
import { bearer, signUp } from './fixtures.js';
import { startNominatimStub } from './nominatim-stub.js';

// Random bodies, params and query strings against the account, password-reset and geo calls:
// whatever arrives, the answer is never a 5xx.
let t: TestApp;
let stub: Awaited<ReturnType<typeof startNominatimStub>>;
let me: Awaited<ReturnType<typeof signUp>>;
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f0' } }).png().toBuffer();
  stub = await startNominatimStub();
  t = await buildTestApp({ config: { nominatimUrl: stub.url } });
  me = await signUp(t.app);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const RUNS = 100;
const huge = 'x'.repeat(200_000);
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ minLength: 490, maxLength: 520 }), weight: 1 },
  { arbitrary: fc.constant(huge), weight: 1 },
);
const scalar = fc.oneof(
  text, fc.emailAddress(), fc.stringMatching(/^\d{4,7}$/), fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constantFrom('male', 'female', 'other', 'true', 'secret123', ''),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string(), scalar, { maxKeys: 3 }));
/** Bodies near the real shape: a valid one with one field replaced, the call's fields, strays, any JSON. */
const bodyFor = (fields: string[], valid: () => Record<string, unknown> = () => ({})) => fc.oneof(
  { arbitrary: fc.constant(null).map(() => valid()), weight: 1 },
  { arbitrary: fc.tuple(fc.constantFrom(...fields), value).map(([field, v]) => ({ ...valid(), [field]: v })), weight: 3 },
  { arbitrary: fc.record(Object.fromEntries(fields.map((field) => [field, fc.oneof(text, scalar)])), { requiredKeys: [] }), weight: 3 },
  { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string()), value, { maxKeys: 6 }), weight: 1 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
const anyId = fc.oneof(fc.uuid(), fc.string(), fc.string({ unit: 'binary-ascii' }), fc.constantFrom('..', '%', '%zz', '0'.repeat(300)));
const pathPart = (id: string) => (/^%|^\.\.$/.test(id) ? id : encodeURIComponent(id));

async function check<T>(arbitrary: fc.Arbitrary<T>, send: (input: T) => Promise<{ statusCode: number; body: string }>) {
  await fc.assert(fc.asyncProperty(arbitrary, async (input) => {
    const response = await send(input);
    if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body}`);
  }), { numRuns: RUNS });
}

const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, token?: string) => t.app.inject({
  method, url, headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) }, payload: JSON.stringify(body) ?? 'null',
});

describe('no answer ≥ 500 for random input', () => {
  it('PUT /api/edit-profile/:userId', () => check(
    fc.tuple(
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: anyId, weight: 1 }),
      bodyFor(['fullName', 'bio', 'location', 'contact', 'useCurrentLocation', 'gender'], () => ({ fullName: 'Asha Rao', bio: 'Hi', gender: 'female' })),
    ),
    ([id, body]) => json('PUT', `/api/edit-profile/${id === undefined ? me.id : pathPart(id)}`, body, me.token),
  ), 30_000);

  it('POST /api/:id/upload (random files, field names and raw multipart)', () => check(
    fc.tuple(fc.oneof(fc.uint8Array({ maxLength: 2000 }), fc.nat(png.length).map((cut) => png.subarray(0, cut)), fc.constant(png)),
      fc.oneof(fc.constant('profileImage'), fc.string()), fc.boolean()),
    async ([bytes, field, raw]) => {
      const boundary = 'fuzz-boundary';
      const payload = raw
        ? Buffer.from(bytes)
        : Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field.replace(/["\r\n]/g, '')}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      return t.app.inject({
        method: 'POST', url: `/api/${me.id}/upload`, payload,
        headers: { ...bearer(me.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    },
  ), 30_000);

  it('DELETE /api/delete-user/:userId (random ids)', () => check(anyId, (id) => json('DELETE', `/api/delete-user/${pathPart(id)}`, {}, me.token)));

  it('POST /api/change-password/:userId', () => check(
    fc.tuple(
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: anyId, weight: 1 }),
      bodyFor(['currentPassword', 'newPassword', 'confirmPassword'], () => ({ currentPassword: 'wrong-one', newPassword: 'abcdef', confirmPassword: 'abcdef' })),
    ),
    ([id, body]) => json('POST', `/api/change-password/${id === undefined ? me.id : pathPart(id)}`, body, me.token),
  ), 30_000);

  it('POST /api/send-email-otp and /api/verify-email-otp', () => check(
    fc.tuple(fc.boolean(), bodyFor(['newEmail', 'otp'], () => ({ newEmail: `fuzz-${Math.random()}@example.com`, otp: '123456' }))),
    ([send, body]) => json('POST', send ? '/api/send-email-otp' : '/api/verify-email-otp', body, me.token),
  ), 30_000);

  it('the three password reset calls', () => check(
    fc.tuple(fc.constantFrom('/api/forgot-password', '/api/forgot-password-otp', '/api/forgot-password/reset-password'), bodyFor(['email', 'otp', 'newPassword', 'confirmPassword'], () => ({ email: me.body.email, otp: '123456', newPassword: 'abcdef' }))),
    ([url, body]) => json('POST', url, body),
  ), 30_000);

  it('GET /api/user/:id and the geo calls (random ids and query strings)', () => check(
    fc.tuple(anyId, fc.string(), fc.string(), fc.constantFrom('user', 'reverse', 'search')),
    ([id, a, b, which]) => t.app.inject({
      url: which === 'user' ? `/api/user/${pathPart(id)}`
        : which === 'reverse' ? `/api/geo/reverse?lat=${encodeURIComponent(a)}&lon=${encodeURIComponent(b)}` : `/api/geo/search?q=${encodeURIComponent(a)}&${encodeURIComponent(b)}=1`,
    }),
  ), 30_000);
});
