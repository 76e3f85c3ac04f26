import fc from 'fast-check';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { newRegistration, register } from '../test/fixtures.js';

let t: TestApp;
let logged: unknown[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    extend(app) {
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('connection to 10.0.0.5 failed: password authentication'), { code: 'XX000' });
      });
      app.addHook('onError', async (_request, _reply, error) => {
        logged.push(error);
      });
    },
  });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

type Case = [name: string, payload: string | undefined, contentType: string | undefined, status: number];
const json = 'application/json';

describe('bad input answers 4xx { message }, never 500', () => {
  const cases: Case[] = [
    ['malformed JSON', '{"username": "a",', json, 400],
    ['empty JSON body', '', json, 400],
    ['missing body', undefined, undefined, 400],
    ['JSON null', 'null', json, 400],
    ['JSON array', '[1,2]', json, 400],
    ['JSON string', '"hello"', json, 400],
    ['JSON number', '42', json, 400],
    ['prototype poisoning', '{"__proto__": {"admin": true}, "username": "a"}', json, 400],
    ['extra field', JSON.stringify({ username: 'a', password: 'secret1', isAdmin: true }), json, 400],
    ['wrong type: number', JSON.stringify({ username: 123, password: 'secret1' }), json, 400],
    ['wrong type: null', JSON.stringify({ username: null, password: 'secret1' }), json, 400],
    ['wrong type: array', JSON.stringify({ username: ['a'], password: 'secret1' }), json, 400],
    ['wrong type: object', JSON.stringify({ username: { $ne: '' }, password: 'secret1' }), json, 400],
    ['oversize username', JSON.stringify({ username: 'a'.repeat(255), password: 'secret1' }), json, 400],
    ['oversize password', JSON.stringify({ username: 'a', password: 'p'.repeat(129) }), json, 400],
    ['text/plain', 'username=a&password=b', 'text/plain', 400],
    ['form encoded', 'username=a&password=b', 'application/x-www-form-urlencoded', 400],
    ['xml', '<login/>', 'application/xml', 400],
    ['NUL in username', JSON.stringify({ username: 'a\u0000b', password: 'secret1' }), json, 400],
    ['body over 1 MiB', JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024) }), json, 413],
  ];

  it.each(cases)('login: %s', async (_name, payload, contentType, status) => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/login', payload, headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each(cases)('register: %s', async (_name, payload, contentType, status) => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/register', payload, headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['firstName', 51], ['lastName', 51], ['username', 31], ['email', 255], ['password', 129], ['contactNumber', 21],
  ])('register: oversize %s (%i characters)', async (field, length) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ [field]: 'a'.repeat(length) }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${field} must not have more than`));
  });

  it('names the unexpected field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ role: 'admin' }) });
    expect(response.json()).toEqual({ message: 'Unexpected field: role' });
  });

  it('rejects control characters in names', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ firstName: 'A\u0000' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'First name contains invalid characters' });
  });
});

describe('unknown routes and server errors', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('%s /api/unknown → 404 { message: "Not found" }', async (method) => {
    const response = await t.app.inject({ method, url: '/api/does-not-exist', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it.each([
    ['/api/user/%zz', 400, 'Invalid URL'],
    [`/api/delete-user/${'a'.repeat(300)}`, 414, 'URL is too long'],
  ])('%s → %i { message }', async (url, status, message) => {
    const response = await t.app.inject({ method: url.includes('delete') ? 'DELETE' : 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('a failure inside a route answers 500 "Something went wrong" without internals, and is logged', async () => {
    logged = [];
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong' });
    expect(response.body).not.toContain('10.0.0.5');
    expect(logged).toHaveLength(1);
  });
});

describe('property: no request body makes register or login fail with a 5xx', () => {
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('', ' ', 'a\u0000', 'demo', 'x'.repeat(300)));
  const anyValue = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));
  const field = fc.option(anyValue, { nil: undefined });
  const registerLike = fc.record({
    firstName: field, lastName: field, username: field, email: field, contactNumber: field, password: field, confirmPassword: field,
  }, { requiredKeys: [] });
  const loginLike = fc.record({ username: field, password: field }, { requiredKeys: [] });
  // A valid registration with one field replaced, so the database path is fuzzed too.
  const almostValid = fc.tuple(fc.constantFrom('firstName', 'lastName', 'username', 'email', 'contactNumber', 'password'), anyValue)
    .map(([key, value]) => ({ ...newRegistration(), [key]: value }));
  const body = fc.oneof(registerLike, loginLike, almostValid, fc.jsonValue(), fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 4 }));
  const raw = fc.oneof(body.map((b) => JSON.stringify(b)), fc.string({ maxLength: 60 }));

  it.each(['/api/register', '/api/login'])('%s', async (url) => {
    await fc.assert(
      fc.asyncProperty(raw, async (payload) => {
        const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': json } });
        expect(response.statusCode).toBeLessThan(500);
        expect(typeof response.json().message).toBe('string');
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('valid registrations still succeed after the fuzzing', async () => {
    const { user } = await register(t.app);
    expect(user._id).toBeDefined();
  });
});
