import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const SAVED = 'Your profile has been updated successfully.';
const editJson = (id: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/edit-profile/${id}`, headers: bearer(token), payload });
async function editForm(id: string, token: string, fields: Record<string, string>) {
  const form = await multipart(fields);
  return t.app.inject({ method: 'PUT', url: `/api/edit-profile/${id}`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}

describe('PUT /api/edit-profile/:userId', () => {
  it('takes the form fields (multipart), splits the full name, and answers the updated user', async () => {
    const me = await signUp(t.app);
    const response = await editForm(me.id, me.token, {
      fullName: '  Maria  da Silva ', bio: 'Backpacker.\nLoves trains.', location: 'Lisbon, Portugal',
      contact: me.body.contactNumber, useCurrentLocation: 'false', gender: 'female',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true, message: SAVED,
      user: expect.objectContaining({
        _id: me.id, firstName: 'Maria', lastName: 'da Silva', bio: 'Backpacker.\nLoves trains.', location: 'Lisbon, Portugal',
        gender: 'female', contactNumber: me.body.contactNumber, email: me.body.email,
      }),
    });
    const own = (await t.app.inject({ url: `/api/user/${me.id}`, headers: bearer(me.token) })).json().user;
    expect(own).toMatchObject({ firstName: 'Maria', lastName: 'da Silva', bio: 'Backpacker.\nLoves trains.', location: 'Lisbon, Portugal', gender: 'female', profileImage: '' });
  });

  it('takes JSON too, and changes only the fields sent', async () => {
    const me = await signUp(t.app);
    await editJson(me.id, me.token, { bio: 'First bio', gender: 'other' });
    const response = await editJson(me.id, me.token, { location: 'Goa', useCurrentLocation: true });
    expect(response.json().user).toMatchObject({ firstName: 'Asha', lastName: 'Rao', bio: 'First bio', gender: 'other', location: 'Goa' });
    expect((await editJson(me.id, me.token, {})).json()).toMatchObject({ status: true, message: SAVED });
  });

  it('never changes the contact number', async () => {
    const me = await signUp(t.app);
    const response = await editJson(me.id, me.token, { contact: '+15550001111', bio: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message: 'Contact number cannot be changed here.' });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect([row.contactNumber, row.bio]).toEqual([me.body.contactNumber, '']);
  });

  it.each([
    [{ fullName: '   ' }, 'Full name is required.'],
    [{ fullName: 'Cher' }, 'Please enter your first and last name.'],
    [{ fullName: `${'a'.repeat(51)} b` }, 'First name must be at most 50 characters.'],
    [{ fullName: `a ${'b'.repeat(51)}` }, 'Last name must be at most 50 characters.'],
    [{ fullName: 'A\u0000 B' }, 'Full name contains invalid characters.'],
    [{ bio: 'x\u0007' }, 'Bio contains invalid characters.'],
    [{ location: 'x\ny' }, 'Location contains invalid characters.'],
    [{ gender: 'robot' }, 'Gender must be male, female or other.'],
    [{ useCurrentLocation: 'maybe' }, 'useCurrentLocation must be true or false.'],
  ])('400 %j → %s', async (payload, message) => {
    const me = await signUp(t.app);
    const response = await editJson(me.id, me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message });
  });

  it.each([
    [{ bio: 'x'.repeat(501) }, 'bio must not have more than 500 characters'],
    [{ location: 'x'.repeat(201) }, 'location must not have more than 200 characters'],
    [{ role: 'admin' }, 'Unexpected field: role'],
    [{ gender: 1 }, 'gender must be string'],
  ])('400 from the schema: %j', async (payload, message) => {
    const me = await signUp(t.app);
    const response = await editJson(me.id, me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${message}`));
  });

  it('400 for a form with a file, a repeated field or an oversize field', async () => {
    const me = await signUp(t.app);
    const withFile = await multipart({ bio: 'x' }, [{ name: 'avatar', bytes: Buffer.from('x'), filename: 'a.png' }]);
    const send = (form: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({ method: 'PUT', url: `/api/edit-profile/${me.id}`, headers: { ...bearer(me.token), ...form.headers }, payload: form.payload });
    expect((await send(withFile)).json()).toEqual({ message: 'Unexpected field: avatar' });
    const form = new FormData();
    form.append('bio', 'a');
    form.append('bio', 'b');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const twice = { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
    expect((await send(twice)).json()).toEqual({ message: 'Duplicate field: bio' });
    expect((await send(await multipart({ bio: 'x'.repeat(5000) }))).json()).toEqual({ message: 'bio is too long' });
  });
});
