import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { needs } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, useAccount, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png, type FilePart } from '../../test/multipart.js';

const t = useTestApp();
const asha = useAccount(t);
const ravi = useAccount(t, { firstName: 'Ravi', lastName: 'Kumar' });

const validForm = {
  type: 'need',
  category: 'Transport',
  serviceName: 'Ride from Manali to Kasol',
  description: 'Two of us, any day this week.\nWill share fuel.',
  phone: '+919876543210',
  email: 'Rider@Example.com',
  address: 'Old Manali Road',
  city: 'Manali',
  state: 'Himachal Pradesh',
  postalCode: '175131',
  latitude: '32.2526',
  longitude: '77.1746',
};
const images = (n: number): FilePart[] => Array.from({ length: n }, (_, i) => ({ name: 'images', bytes: png, filename: `p${i}.png`, type: 'image/png' }));
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

async function send(method: 'POST' | 'PUT', url: string, token: string | undefined, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) {
  const form = await multipart(fields, files);
  return t.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...form.headers, ...headers }, payload: form.payload });
}
const create = (fields: Record<string, string> = validForm, files: FilePart[] = [], as: Account = asha, headers: Record<string, string> = {}) =>
  send('POST', `/api/create-need/${as.id}`, as.token, fields, files, headers);
const edit = (id: string, fields: Record<string, string>, files: FilePart[] = [], as: Account = asha) => send('PUT', `/api/needs/${id}`, as.token, fields, files);
const read = (id: string, token?: string) => t.app.inject({ url: `/api/singleneeds/${id}`, headers: token ? bearer(token) : {} });
const rowOf = async (id: string) => (await t.db.select({ serviceName: needs.serviceName, images: needs.images }).from(needs).where(eq(needs.id, id)))[0];
const rowCount = async () => (await t.db.select({ n: count() }).from(needs))[0].n;

async function created(files: FilePart[] = [], as: Account = asha) {
  const response = await create(validForm, files, as);
  expect(response.statusCode).toBe(201);
  return response.json().need as { _id: string; images: string[] };
}

// Each rule of spec §5, first failing first: the message and the form field it names.
const cases: [string, Record<string, string | undefined>, string, string][] = [
  ['no type', { type: undefined }, 'Type is required', 'type'],
  ['another type', { type: 'offer' }, "Type must be 'need' or 'available'", 'type'],
  ['no category', { category: '   ' }, 'Category is required', 'category'],
  ['no service name', { serviceName: undefined }, 'Service name is required', 'serviceName'],
  ['a long service name', { serviceName: 'x'.repeat(121) }, 'Service name must be at most 120 characters', 'serviceName'],
  ['a control character', { serviceName: 'Ride\u0000' }, 'Service name contains invalid characters', 'serviceName'],
  ['no description', { description: '' }, 'Description is required', 'description'],
  ['a long description', { description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters', 'description'],
  ['no phone', { phone: undefined }, 'Phone number is required', 'phone'],
  ['letters in the phone', { phone: '+91 98765abc' }, 'Enter a valid phone number', 'phone'],
  ['a short phone', { phone: '123456' }, 'Enter a valid phone number', 'phone'],
  ['a long phone', { phone: '+1234567890123456' }, 'Enter a valid phone number', 'phone'],
  ['no email', { email: ' ' }, 'Email is required', 'email'],
  ['a bad email', { email: 'rider@example' }, 'Enter a valid email', 'email'],
  ['no address', { address: undefined }, 'Address is required', 'address'],
  ['no city', { city: '' }, 'City is required', 'city'],
  ['no state', { state: '' }, 'State is required', 'state'],
  ['no postal code', { postalCode: undefined }, 'Postal code is required', 'postalCode'],
  ['no latitude', { latitude: undefined }, 'Valid latitude is required', 'latitude'],
  ['a latitude past 90', { latitude: '90.5' }, 'Valid latitude is required', 'latitude'],
  ['a latitude in words', { latitude: 'north' }, 'Valid latitude is required', 'latitude'],
  ['an exponent latitude', { latitude: '1e1' }, 'Valid latitude is required', 'latitude'],
  ['no longitude', { longitude: '' }, 'Valid longitude is required', 'longitude'],
  ['a longitude past 180', { longitude: '-180.01' }, 'Valid longitude is required', 'longitude'],
];

describe('POST /api/create-need/:userId', () => {
  it('201: stores the trimmed need as the token\'s user (line breaks as \\n), images re-encoded under /uploads/needs/', async () => {
    const response = await create({ ...validForm, serviceName: '  Ride from Manali to Kasol  ' }, images(2));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Need created successfully!' });
    expect(body.need).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'need',
      category: 'Transport',
      serviceName: 'Ride from Manali to Kasol',
      description: 'Two of us, any day this week.\nWill share fuel.',
      contactDetails: { phone: '+919876543210', email: 'rider@example.com' },
      location: { address: 'Old Manali Road', city: 'Manali', state: 'Himachal Pradesh', postalCode: '175131', coordinates: { latitude: 32.2526, longitude: 77.1746 } },
      images: [expect.stringMatching(/^\/uploads\/needs\/[0-9a-f-]{36}\.webp$/), expect.stringMatching(/^\/uploads\/needs\/[0-9a-f-]{36}\.webp$/)],
      user: { _id: asha.id, firstName: 'Asha', lastName: 'Rao' },
      createdAt: expect.any(String),
    });
    for (const image of body.need.images) expect((await sharp(fileOf(image)).metadata()).format).toBe('webp');
    expect((await read(body.need._id)).json().need.serviceName).toBe('Ride from Manali to Kasol');
  });

  it('without images too', async () => {
    expect((await created()).images).toEqual([]);
  });

  it('401 without a token, 403 when the path names another user (nothing stored)', async () => {
    const before = await rowCount();
    const form = await multipart(validForm);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/create-need/${asha.id}`, headers: form.headers, payload: form.payload });
    expect(anonymous.statusCode).toBe(401);
    const other = await send('POST', `/api/create-need/${ravi.id}`, asha.token, validForm, images(1));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Forbidden' });
    expect(await rowCount()).toBe(before);
  });

  it.each(cases)('400 for %s', async (_name, change, message, field) => {
    const fields = Object.fromEntries(Object.entries({ ...validForm, ...change }).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const before = await rowCount();
    const response = await create(fields, images(1));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect(await rowCount()).toBe(before);
  });

  it('takes the edges: 7 and 15 digits, ±90 / ±180, a 2000-character description', async () => {
    for (const change of [{ phone: '1234567' }, { phone: '+123456789012345' }, { latitude: '-90', longitude: '180' }, { description: '✓'.repeat(2000) }]) {
      expect((await create({ ...validForm, ...change })).statusCode).toBe(201);
    }
  });

  it('400 Maximum 4 images allowed. for 5 images, and nothing stored', async () => {
    const before = await rowCount();
    const response = await create(validForm, images(5));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Maximum 4 images allowed.', field: 'images' });
    expect(await rowCount()).toBe(before);
    expect((await created(images(4))).images).toHaveLength(4);
  });

  it('400 for a file that is not an image; the images stored before it are removed', async () => {
    const before = await rowCount();
    const response = await create(validForm, [...images(1), { name: 'images', bytes: Buffer.from('<svg/>'), filename: 'x.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select an image file' });
    expect(await rowCount()).toBe(before);
  });

  it('a retry with the same Idempotency-Key makes one need and gets the first answer', async () => {
    const before = await rowCount();
    const key = { 'idempotency-key': `create-${Date.now()}` };
    const first = await create(validForm, images(1), asha, key);
    const again = await create(validForm, images(1), asha, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await rowCount()).toBe(before + 1);
    // Another key is another need.
    expect((await create(validForm, [], asha, { 'idempotency-key': `other-${Date.now()}` })).statusCode).toBe(201);
    expect(await rowCount()).toBe(before + 2);
  });

  it('a failed create keeps no key: the retry with the key runs', async () => {
    const key = { 'idempotency-key': `retry-${Date.now()}` };
    expect((await create({ ...validForm, city: '' }, [], asha, key)).statusCode).toBe(400);
    expect((await create(validForm, [], asha, key)).statusCode).toBe(201);
  });

  it('no 500 for garbage: JSON, text, broken multipart, unknown or repeated fields, a file in another field', async () => {
    const url = `/api/create-need/${asha.id}`;
    const answers = [
      await t.app.inject({ method: 'POST', url, headers: bearer(asha.token), payload: validForm }),
      await t.app.inject({ method: 'POST', url, headers: { ...bearer(asha.token), 'content-type': 'text/plain' }, payload: 'hello' }),
      await t.app.inject({ method: 'POST', url, headers: { ...bearer(asha.token), 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nnonsense' }),
      await t.app.inject({ method: 'POST', url, headers: bearer(asha.token) }),
      await create({ ...validForm, role: 'admin' }),
      await create(validForm, [{ name: 'avatar', bytes: png, filename: 'a.png' }]),
    ];
    const repeated = new FormData();
    for (const [name, value] of Object.entries(validForm)) repeated.append(name, value);
    repeated.append('city', 'Kasol');
    const request = new Request('http://localhost/', { method: 'POST', body: repeated });
    answers.push(await t.app.inject({
      method: 'POST', url, headers: { ...bearer(asha.token), 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()),
    }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    // The form's flat names are not spec §7's JSON body.
    expect(answers[0].json()).toEqual({ message: 'Unexpected field: phone, email, address, city, state, postalCode, latitude, longitude' });
    expect(answers[4].json()).toEqual({ message: 'Unexpected field: role' });
    expect(answers[6].json()).toEqual({ message: 'Duplicate field: city' });
  });
});

/** The same need as spec §7's JSON body: contact details and place nested, numeric coordinates as numbers. */
function asJson({ phone, email, address, city, state, postalCode, latitude, longitude, ...rest }: Record<string, string | undefined>) {
  const number = (value: string | undefined) => (value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
  return { ...rest, contactDetails: { phone, email }, location: { address, city, state, postalCode, coordinates: { latitude: number(latitude), longitude: number(longitude) } } };
}
const validJson = asJson(validForm);
const createJson = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/create-need/${asha.id}`, headers: { ...bearer(asha.token), ...headers }, payload: payload as object });

describe('POST /api/create-need/:userId with spec §7\'s JSON body', () => {
  it('201 with the same answer a form gets; an empty images list is taken', async () => {
    const form = (await create()).json();
    for (const payload of [validJson, { ...validJson, images: [] }]) {
      const response = await createJson(payload);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({ ...form, need: { ...form.need, _id: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.any(String) } });
      expect((await read(body.need._id, asha.token)).json().need).toEqual(body.need);
    }
  });

  it.each(cases)('400 for %s, as for a form', async (_name, change, message, field) => {
    const before = await rowCount();
    const response = await createJson(asJson({ ...validForm, ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect(await rowCount()).toBe(before);
  });

  it('400 for a missing part, with the message of its first field', async () => {
    const { contactDetails: _contact, ...noContact } = validJson;
    const { location: _location, ...noLocation } = validJson;
    const { coordinates: _coordinates, ...noCoordinates } = validJson.location;
    for (const [payload, message, field] of [
      [noContact, 'Phone number is required', 'phone'],
      [noLocation, 'Address is required', 'address'],
      [{ ...validJson, location: noCoordinates }, 'Valid latitude is required', 'latitude'],
      [{ ...validJson, location: { ...validJson.location, coordinates: { latitude: 32.2526 } } }, 'Valid longitude is required', 'longitude'],
      [{}, 'Type is required', 'type'],
    ] as const) {
      const response = await createJson(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field });
    }
  });

  it('takes coordinates as numbers (any within ±90 / ±180) or as text typed in a form', async () => {
    for (const coordinates of [{ latitude: -90, longitude: 180 }, { latitude: 1e-7, longitude: 0.30000000000000004 }, { latitude: '32.2526', longitude: ' 77.1746 ' }]) {
      const response = await createJson({ ...validJson, location: { ...validJson.location, coordinates } });
      expect(response.statusCode).toBe(201);
      expect(response.json().need.location.coordinates).toEqual({ latitude: Number(coordinates.latitude), longitude: Number(coordinates.longitude) });
    }
  });

  it('400 { message } for unknown fields, wrong types and bodies that are not a JSON object; nothing stored', async () => {
    const before = await rowCount();
    const coordinates = (value: unknown) => ({ ...validJson, location: { ...validJson.location, coordinates: value } });
    const raw = (payload: string, contentType = 'application/json') => createJson(payload, { 'content-type': contentType });
    const answers = [
      await createJson({ ...validJson, role: 'admin' }),
      await createJson({ ...validJson, contactDetails: { ...validJson.contactDetails, fax: '123' } }),
      await createJson({ ...validJson, location: { ...validJson.location, country: 'IN' } }),
      await createJson({ ...validJson, keepImages: '[]' }),
      await createJson({ ...validJson, images: ['/uploads/needs/x.webp'] }),
      await createJson({ ...validJson, serviceName: 42 }),
      await createJson({ ...validJson, type: ['need'] }),
      await createJson({ ...validJson, contactDetails: '+919876543210' }),
      await createJson({ ...validJson, location: [] }),
      await createJson(coordinates(null)),
      await createJson(coordinates({ latitude: true, longitude: 77 })),
      await createJson({ ...validJson, description: 'x'.repeat(4001) }),
      await raw(JSON.stringify([validJson])),
      await raw('null'),
      await raw('{"type": "need",'),
      await raw(''),
      await raw('type=need', 'application/x-www-form-urlencoded'),
    ];
    expect(answers.map((answer) => `${answer.statusCode} ${answer.json().message}`)).toEqual([
      '400 Unexpected field: role',
      '400 Unexpected field: contactDetails.fax',
      '400 Unexpected field: location.country',
      '400 Unexpected field: keepImages',
      '400 images must not have more than 0 items',
      '400 serviceName must be string',
      '400 type must be string',
      '400 contactDetails must be object',
      '400 location must be object',
      '400 location.coordinates must be object',
      '400 location.coordinates.latitude must be number',
      '400 description must not have more than 4000 characters',
      '400 Request body must be object',
      '400 Request body must be object',
      '400 Request body is not valid JSON',
      '400 Request body is missing',
      '400 Unsupported content type',
    ]);
    for (const answer of answers) expect(Object.keys(answer.json())).toEqual(['message']);
    expect(await rowCount()).toBe(before);
  });

  it('401 without a token, 403 for another user\'s path', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/create-need/${asha.id}`, payload: validJson })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'POST', url: `/api/create-need/${ravi.id}`, headers: bearer(asha.token), payload: validJson });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Forbidden' });
  });

  it('a retry with the same Idempotency-Key makes one need and gets the first answer, whichever body it sends', async () => {
    const before = await rowCount();
    const key = { 'idempotency-key': `json-${Date.now()}` };
    const first = await createJson(validJson, key);
    const again = await createJson(validJson, key);
    const asForm = await create(validForm, [], asha, key);
    expect(first.statusCode).toBe(201);
    for (const retry of [again, asForm]) {
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first.json());
    }
    expect(await rowCount()).toBe(before + 1);
  });

  it('a failed create keeps no key: the retry with the key runs', async () => {
    const key = { 'idempotency-key': `json-retry-${Date.now()}` };
    expect((await createJson({ ...validJson, location: { ...validJson.location, city: '' } }, key)).statusCode).toBe(400);
    expect((await createJson(validJson, key)).statusCode).toBe(201);
  });
});

describe('GET /api/all-needs and /api/singleneeds/:id', () => {
  it('pages newest first: limit, cursor, nextCursor null at the end, every need once', async () => {
    const seen: { _id: string; createdAt: string }[] = [];
    let cursor: string | null | undefined;
    do {
      const response = await t.app.inject({ url: '/api/all-needs', query: { limit: '3', ...(cursor ? { cursor } : {}) } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data);
      cursor = body.nextCursor;
      if (cursor) expect(body.data).toHaveLength(3);
    } while (cursor);
    expect(seen.length).toBe(await rowCount());
    expect(new Set(seen.map((need) => need._id)).size).toBe(seen.length);
    const times = seen.map((need) => Date.parse(need.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages a list that has rows created in the same instant without skipping any', async () => {
    const at = new Date('2099-01-01T00:00:00.000Z');
    const rows = await t.db.insert(needs).values(Array.from({ length: 5 }, (_, i) => ({
      userId: ravi.id, type: 'available' as const, category: 'Food', serviceName: `Same instant ${i}`, description: 'x', createdAt: at,
    }))).returning({ id: needs.id });
    const first = (await t.app.inject({ url: '/api/all-needs', query: { limit: '2', type: 'available' } })).json();
    const second = (await t.app.inject({ url: '/api/all-needs', query: { limit: '3', type: 'available', cursor: first.nextCursor } })).json();
    const ids = [...first.data, ...second.data].map((need: { _id: string }) => need._id);
    expect(ids.sort()).toEqual(rows.map((row) => row.id).sort());
    expect(first.data[0].location.coordinates).toBeNull();
  });

  it('filters by type', async () => {
    for (const type of ['need', 'available']) {
      const body = (await t.app.inject({ url: '/api/all-needs', query: { type, limit: '100' } })).json();
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((need: { type: string }) => need.type === type)).toBe(true);
    }
  });

  it('400 for a bad cursor, limit or type', async () => {
    const bad = async (query: Record<string, string>) => t.app.inject({ url: '/api/all-needs', query });
    for (const cursor of ['nonsense', Buffer.from('2020-01-01|not-a-uuid').toString('base64url'), '💥']) {
      const response = await bad({ cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid cursor' });
    }
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { type: 'offer' }, { type: '' }, { page: '2' }] as Record<string, string>[]) {
      expect((await bad(query)).statusCode).toBe(400);
    }
    expect((await bad({ type: 'offer' })).json()).toEqual({ message: "type must be 'need' or 'available'" });
  });

  it('shows contact details in the detail to its poster only, and never in the list (issue 32, finding 1)', async () => {
    const need = await created();
    const anonymous = (await read(need._id)).json().need;
    expect(anonymous.contactDetails).toBeUndefined();
    expect(JSON.stringify(anonymous)).not.toContain('+919876543210');
    // Another member presses Contact (GET /api/contact/need/:id); the poster's edit form starts from the detail.
    const toOther = await read(need._id, ravi.token);
    expect(toOther.json().need.contactDetails).toBeUndefined();
    expect(toOther.body).not.toContain('rider@example.com');
    expect((await read(need._id, asha.token)).json().need.contactDetails).toEqual({ phone: '+919876543210', email: 'rider@example.com' });
    // A token that is not valid identifies no one.
    expect((await read(need._id, 'not.a.token')).json().need.contactDetails).toBeUndefined();
    for (const token of [undefined, ravi.token, asha.token]) {
      const list = await t.app.inject({ url: '/api/all-needs', query: { limit: '100' }, headers: token ? bearer(token) : {} });
      const data = list.json().data as { _id: string; contactDetails?: unknown }[];
      expect(data.some((item) => item._id === need._id)).toBe(true);
      expect(data.every((item) => item.contactDetails === undefined)).toBe(true);
      for (const value of ['+919876543210', 'rider@example.com', asha.body.email, asha.body.contactNumber]) expect(list.body).not.toContain(value);
    }
  });

  it('404 Need not found; 400 for a malformed id', async () => {
    const missing = await read('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Need not found' });
    expect((await read('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PUT /api/needs/:id', () => {
  it('the owner edits: kept images stay in the order listed, new ones follow, dropped ones leave the disk', async () => {
    const need = await created(images(3));
    const [a, b, c] = need.images;
    const response = await edit(need._id, { ...validForm, type: 'available', serviceName: 'Ride offered', keepImages: JSON.stringify([c, a]) }, images(1));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Need updated successfully!', need: { _id: need._id, type: 'available', serviceName: 'Ride offered' } });
    expect(body.need.images).toHaveLength(3);
    expect(body.need.images.slice(0, 2)).toEqual([c, a]);
    expect(body.need.images[2]).toMatch(/^\/uploads\/needs\//);
    expect(existsSync(fileOf(b))).toBe(false);
    for (const image of body.need.images) expect(existsSync(fileOf(image))).toBe(true);
    expect((await read(need._id)).json().need.serviceName).toBe('Ride offered');
  });

  it('keeps every image when keepImages is absent; drops all with []', async () => {
    const need = await created(images(2));
    const kept = (await edit(need._id, validForm)).json().need.images;
    expect(kept).toEqual(need.images);
    const dropped = (await edit(need._id, { ...validForm, keepImages: '[]' })).json().need.images;
    expect(dropped).toEqual([]);
    for (const image of need.images) expect(existsSync(fileOf(image))).toBe(false);
  });

  it('400 for a keepImages path the need does not have, or one that is not a JSON array; nothing changes', async () => {
    const need = await created(images(1));
    const other = await created(images(1), ravi);
    for (const [keepImages, message] of [
      [JSON.stringify([other.images[0]]), 'keepImages lists an image this need does not have'],
      [JSON.stringify(['/uploads/needs/../../secret']), 'keepImages lists an image this need does not have'],
      ['not json', 'keepImages must be a JSON array of image paths'],
      ['{"0":"x"}', 'keepImages must be a JSON array of image paths'],
      ['[1]', 'keepImages must be a JSON array of image paths'],
    ]) {
      const response = await edit(need._id, { ...validForm, serviceName: 'Changed', keepImages }, images(1));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, field: 'keepImages' });
    }
    expect(await rowOf(need._id)).toEqual({ serviceName: validForm.serviceName, images: need.images });
    expect(existsSync(fileOf(other.images[0]))).toBe(true);
  });

  it('400 Maximum 4 images allowed. when kept and new images pass 4', async () => {
    const need = await created(images(3));
    const response = await edit(need._id, validForm, images(2));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Maximum 4 images allowed.', field: 'images' });
    expect((await rowOf(need._id)).images).toEqual(need.images);
    expect((await edit(need._id, { ...validForm, keepImages: JSON.stringify(need.images.slice(1)) }, images(2))).statusCode).toBe(200);
  });

  it('validates like create; all fields are required', async () => {
    const need = await created();
    const { city: _city, ...withoutCity } = validForm;
    expect((await edit(need._id, withoutCity)).json()).toEqual({ message: 'City is required', field: 'city' });
    expect((await edit(need._id, { ...validForm, phone: '12' })).json()).toEqual({ message: 'Enter a valid phone number', field: 'phone' });
  });

  it('403 for someone else\'s need, 404 for none, 401 without a token: nothing changes', async () => {
    const need = await created(images(1));
    const other = await edit(need._id, { ...validForm, serviceName: 'Mine now', keepImages: '[]' }, images(1), ravi);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Forbidden' });
    const missing = await edit('00000000-0000-4000-8000-000000000000', validForm);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Need not found' });
    expect((await send('PUT', `/api/needs/${need._id}`, undefined, validForm)).statusCode).toBe(401);
    expect(await rowOf(need._id)).toEqual({ serviceName: validForm.serviceName, images: need.images });
    expect(existsSync(fileOf(need.images[0]))).toBe(true);
  });

  it('no 500 for garbage', async () => {
    const need = await created();
    const url = `/api/needs/${need._id}`;
    const answers = [
      await t.app.inject({ method: 'PUT', url, headers: bearer(asha.token), payload: validForm }),
      await t.app.inject({ method: 'PUT', url, headers: { ...bearer(asha.token), 'content-type': 'multipart/form-data; boundary=x' }, payload: 'garbage' }),
      await t.app.inject({ method: 'PUT', url: '/api/needs/not-a-uuid', headers: bearer(asha.token) }),
      await edit(need._id, { ...validForm, keepImages: 'x'.repeat(20_000) }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400]);
    // Spec §7 names no edit call: it takes the SPA's form only.
    expect(answers[0].json()).toEqual({ message: 'Request is not multipart/form-data' });
  });
});

describe('DELETE /api/needs/:id', () => {
  const remove = (id: string, as: Account | null = asha) => t.app.inject({ method: 'DELETE', url: `/api/needs/${id}`, headers: as ? bearer(as.token) : {} });

  it('403 for someone else\'s need and 401 without a token: the need and its files stay', async () => {
    const need = await created(images(1));
    const other = await remove(need._id, ravi);
    expect(other.statusCode).toBe(403);
    expect((await remove(need._id, null)).statusCode).toBe(401);
    expect(await rowOf(need._id)).toBeDefined();
    expect(existsSync(fileOf(need.images[0]))).toBe(true);
  });

  it('the owner deletes: the need and its uploaded files are gone; again → 404', async () => {
    const need = await created(images(2));
    const response = await remove(need._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Need deleted' });
    expect(await rowOf(need._id)).toBeUndefined();
    for (const image of need.images) expect(existsSync(fileOf(image))).toBe(false);
    expect((await read(need._id)).statusCode).toBe(404);
    const again = await remove(need._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Need not found' });
  });
});
