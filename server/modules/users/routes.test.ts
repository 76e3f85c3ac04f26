import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const getUser = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: token ? bearer(token) : {} });

describe('GET /api/user/:id', () => {
  it('gives the owner the full user', async () => {
    const owner = await signUp(t.app);
    const response = await getUser(owner.id, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      user: {
        _id: owner.id, firstName: 'Asha', lastName: 'Rao', username: owner.body.username, email: owner.body.email,
        phone: owner.body.contactNumber, contactNumber: owner.body.contactNumber, profileImage: '', tokens: 0,
        bio: '', location: '', gender: '', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), companionMatching: false, role: 'member',
      },
    });
  });

  it('gives another user and anonymous callers the public view: no e-mail, no phone', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    for (const token of [other.token, undefined, 'not-a-valid-token']) {
      const response = await getUser(owner.id, token);
      expect(response.statusCode).toBe(200);
      const { user } = response.json();
      expect(user).toMatchObject({ _id: owner.id, username: owner.body.username, firstName: 'Asha' });
      expect(user).not.toHaveProperty('email');
      expect(user).not.toHaveProperty('phone');
      expect(user).not.toHaveProperty('contactNumber');
      expect(user).not.toHaveProperty('role');
      expect(response.body).not.toContain(owner.body.email);
      expect(response.body).not.toContain(owner.body.contactNumber);
      expect(response.body).not.toMatch(/password|hash|status"?:"?active/i);
    }
  });

  it('400 for a malformed id', async () => {
    for (const id of ['123', 'not-a-uuid', '00000000-0000-0000-0000-00000000000z']) {
      const response = await getUser(id);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('404 { status: false, message } for an unknown or deactivated user', async () => {
    const unknown = await getUser('3b241101-e2bb-4255-8caf-4136c566a962');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, message: 'User not found' });
    const gone = await signUp(t.app);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.id));
    expect((await getUser(gone.id)).json()).toEqual({ status: false, message: 'User not found' });
  });
});
