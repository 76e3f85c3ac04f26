import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { newRegistration, register } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/register', payload: payload as object });

describe('POST /api/register', () => {
  it('creates the account: 201, the spec message and the user without secrets', async () => {
    const body = newRegistration({ firstName: '  Asha ', username: ' Traveller_One.x ', email: ' Asha.X@Example.COM ' });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json.message).toBe('User registered successfully');
    expect(json.data).toMatchObject({
      firstName: 'Asha', lastName: 'Rao', username: 'Traveller_One.x', email: 'asha.x@example.com',
      phone: body.contactNumber, contactNumber: body.contactNumber, profileImage: '', tokens: 0,
    });
    expect(json.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toMatch(/password|hash|argon/i);
    const [row] = await t.db.select().from(users).where(eq(users.id, json.data._id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  describe('409 conflicts in the spec words', () => {
    let existing: ReturnType<typeof newRegistration>;
    beforeAll(async () => {
      existing = (await register(t.app)).body;
    });

    it.each([
      ['User already exists', () => ({ username: existing.username, email: existing.email })],
      ['Email already in use', () => ({ email: existing.email.toUpperCase() })],
      ['Username already taken', () => ({ username: existing.username.toUpperCase() })],
      ['Contact number already used', () => ({ contactNumber: existing.contactNumber })],
    ])('%s', async (message, overrides) => {
      const response = await post(newRegistration(overrides()));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('400 with the first failing spec §5 message', () => {
    it.each([
      ['First name missing', { firstName: '   ' }],
      ['First name missing', { firstName: undefined }],
      ['Last name missing', { lastName: '' }],
      ['Username missing', { username: ' ' }],
      ['Email missing', { email: '' }],
      ['Invalid email address', { email: 'asha@example' }],
      ['Invalid email address', { email: 'asha example@x.com' }],
      ['Contact number is required', { contactNumber: '' }],
      ['Invalid phone number format', { contactNumber: '12345' }],
      ['Invalid phone number format', { contactNumber: '+91 98765 43210' }],
      ['Invalid phone number format', { contactNumber: '+1234567890123456' }],
      ['Password missing', { password: '', confirmPassword: '' }],
      ['Password must be at least 6 characters', { password: 'abc12', confirmPassword: 'abc12' }],
      ['Passwords do not match', { confirmPassword: 'different' }],
      ['Passwords do not match', { confirmPassword: undefined }],
      ['Username may only contain letters, digits, dots, underscores and hyphens', { username: 'asha rao' }],
    ])('%s', async (message, overrides) => {
      const response = await post(newRegistration(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('reports the earliest field first', async () => {
      const response = await post(newRegistration({ lastName: '', email: 'bad', password: '1' }));
      expect(response.json()).toEqual({ message: 'Last name missing' });
    });
  });

  it('accepts a contact number without the plus', async () => {
    const response = await post(newRegistration({ contactNumber: String(Date.now()).slice(-12) }));
    expect(response.statusCode).toBe(201);
  });

  it('makes exactly one account from 5 concurrent identical registrations', async () => {
    const body = newRegistration();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ message: 'User already exists' });
    }
    const rows = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(rows).toHaveLength(1);
  });

  it('makes one account when concurrent registrations share only the contact number', async () => {
    const contactNumber = newRegistration().contactNumber;
    const responses = await Promise.all(Array.from({ length: 3 }, () => post(newRegistration({ contactNumber }))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(['Contact number already used', 'Contact number already used']);
  });
});
