import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { skills } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, useAccount, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png, type FilePart } from '../../test/multipart.js';

interface Skill {
  _id: string;
  images: string[];
  portfolioImages: string[];
  thumbnail: string;
  [key: string]: unknown;
}

const t = useTestApp();
const owner = useAccount(t, { firstName: 'Meera', lastName: 'Iyer' });
const other = useAccount(t);

const validFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'Bunk beds from reclaimed wood',
  description: 'Sturdy bunks for hostels.\r\nBarter welcome.',
  category: 'Carpenter',
  customCategory: '',
  contact: '+919845012345',
  email: 'Meera@Example.com',
  address: 'Anjuna, Goa',
  ...overrides,
});
// The bytes are read when the form is sent: the test tables below are built before beforeAll runs.
const image = (name = 'images'): FilePart => ({ name, get bytes() { return png; }, filename: 'a.png', type: 'image/png' });
const images = (count: number, name = 'images') => Array.from({ length: count }, () => image(name));

async function send(method: 'POST' | 'PUT', url: string, token: string | undefined, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) {
  const form = await multipart(fields, files);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...(token ? bearer(token) : {}), ...headers } });
}
const create = (account: Account, fields = validFields(), files = [image()], headers: Record<string, string> = {}, userId = account.id) =>
  send('POST', `/api/create-skills/${userId}/skills`, account.token, fields, files, headers);
const edit = (id: string, account: Account | undefined, fields: Record<string, string> = validFields(), files: FilePart[] = []) =>
  send('PUT', `/api/skills/${id}`, account?.token, fields, files);

async function created(account = owner, fields = validFields(), files = [image()]): Promise<Skill> {
  const response = await create(account, fields, files);
  expect(response.statusCode).toBe(201);
  return response.json().skill as Skill;
}

const storedFiles = async () => (await readdir(path.join(t.config.uploadsDir, 'skills')).catch(() => [] as string[])).sort();
const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));
const list = (query: Record<string, string>, token?: string) => t.app.inject({ url: '/api/skills', query, headers: token ? bearer(token) : {} });
const countRows = async (title: string) => t.db.$count(skills, eq(skills.title, title));
const storedRow = async (id: string) => (await t.db.select({
  title: skills.title, description: skills.description, category: skills.category, customCategory: skills.customCategory,
  contact: skills.contact, email: skills.email, address: skills.address, images: skills.images, portfolioImages: skills.portfolioImages,
  thumbnail: skills.thumbnail, url: skills.url, userId: skills.userId,
}).from(skills).where(eq(skills.id, id)))[0];
const marker = () => `zq${Math.random().toString(36).slice(2, 10)}`;

describe('POST /api/create-skills/:userId/skills', () => {
  it('creates the skill as the token\'s user: 201, the Skill, images re-encoded under /uploads/skills', async () => {
    const response = await create(owner, validFields({ thumbnail: 'old-client.png' }), [image(), image(), image('portfolioImages')]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: true,
      message: 'Skill created!',
      skill: {
        _id: expect.any(String),
        title: 'Bunk beds from reclaimed wood',
        description: 'Sturdy bunks for hostels.\nBarter welcome.',
        category: 'Carpenter',
        customCategory: '',
        contact: '+919845012345',
        email: 'meera@example.com',
        address: 'Anjuna, Goa',
        images: [expect.stringMatching(/^\/uploads\/skills\/[0-9a-f-]{36}\.webp$/), expect.stringMatching(/^\/uploads\/skills\//)],
        portfolioImages: [expect.stringMatching(/^\/uploads\/skills\//)],
        thumbnail: expect.any(String),
        url: `/skills/${body.skill._id}`,
        user: { _id: owner.id, firstName: 'Meera', lastName: 'Iyer' },
        createdAt: expect.any(String),
      },
    });
    const skill = body.skill as Skill;
    expect(skill.thumbnail).toBe(skill.images[0]);
    for (const file of [...skill.images, ...skill.portfolioImages]) expect(existsSync(fileOf(file))).toBe(true);
    // url and thumbnail are stored too, for readers of the table.
    expect(await storedRow(skill._id)).toMatchObject({ userId: owner.id, url: `/skills/${skill._id}`, thumbnail: skill.images[0] });
    // The detail answers the same skill to its owner; to others without its contact (the Contact button asks for it).
    const mine = await t.app.inject({ url: `/api/skills/${skill._id}`, headers: bearer(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ ...skill, createdAt: expect.any(String) });
    const { contact: _contact, email: _email, ...withoutContact } = skill;
    const detail = await t.app.inject({ url: `/api/skills/${skill._id}`, headers: bearer(other.token) });
    expect(detail.json()).toEqual({ ...withoutContact, createdAt: expect.any(String) });
  });

  it('keeps a custom category only with Other, and takes the category in any case', async () => {
    const custom = await created(owner, validFields({ category: 'other', customCategory: ' Mural art ' }));
    expect(custom).toMatchObject({ category: 'Other', customCategory: 'Mural art' });
    const plain = await created(owner, validFields({ category: 'Plumbing', customCategory: 'ignored' }));
    expect(plain).toMatchObject({ category: 'Plumbing', customCategory: '' });
  });

  it('refuses to create on someone else\'s account (403) and without a token (401), creating nothing', async () => {
    const title = `Not mine ${marker()}`;
    expect((await create(other, validFields({ title }), [image()], {}, owner.id)).statusCode).toBe(403);
    const anonymous = await multipart(validFields({ title }), [image()]);
    const response = await t.app.inject({ method: 'POST', url: `/api/create-skills/${owner.id}/skills`, payload: anonymous.payload, headers: anonymous.headers });
    expect(response.statusCode).toBe(401);
    expect(await countRows(title)).toBe(0);
  });

  const cases: Array<[string, Record<string, string>, FilePart[] | undefined, string, string]> = [
    ['no title', { title: '  ' }, undefined, 'Title is required.', 'title'],
    ['no description', { description: '' }, undefined, 'Description is required.', 'description'],
    ['no address', { address: '' }, undefined, 'Address is required.', 'address'],
    ['no category', { category: '' }, undefined, 'Category is required.', 'category'],
    ['an unknown category', { category: 'Juggling' }, undefined, 'Category must be one of Photography, Plumbing, Electrician, Carpenter, Other.', 'category'],
    ['Other without a custom category', { category: 'Other', customCategory: ' ' }, undefined, 'Custom category is required.', 'customCategory'],
    ['no contact', { contact: '' }, undefined, 'Contact is required.', 'contact'],
    ['no email', { email: '' }, undefined, 'Valid email is required.', 'email'],
    ['a malformed email', { email: 'meera@example' }, undefined, 'Valid email is required.', 'email'],
    ['no image', {}, [], 'At least three image is required.', 'images'],
    ['only portfolio images', {}, [image('portfolioImages')], 'At least three image is required.', 'images'],
    ['5 images', {}, images(5), 'Maximum 4 images allowed.', 'images'],
    ['5 portfolio images', {}, [image(), ...images(5, 'portfolioImages')], 'Maximum 4 portfolio images allowed.', 'portfolioImages'],
    ['a long title', { title: 'x'.repeat(101) }, undefined, 'Title must be at most 100 characters.', 'title'],
    ['a long description', { description: 'x'.repeat(2001) }, undefined, 'Description must be at most 2000 characters.', 'description'],
    ['a long address', { address: 'x'.repeat(301) }, undefined, 'Address must be at most 300 characters.', 'address'],
    ['a long custom category', { category: 'Other', customCategory: 'x'.repeat(51) }, undefined, 'Custom category must be at most 50 characters.', 'customCategory'],
    ['a long contact', { contact: '1'.repeat(31) }, undefined, 'Contact must be at most 30 characters.', 'contact'],
    ['a control character', { title: 'Bad\u0000title' }, undefined, 'Title contains invalid characters.', 'title'],
  ];
  it.each(cases)('%s: 400 with the message and its field, nothing stored', async (_name, overrides, files, message, field) => {
    const before = await t.db.$count(skills, eq(skills.userId, owner.id));
    const response = await create(owner, validFields(overrides), files ?? [image()]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect(await t.db.$count(skills, eq(skills.userId, owner.id))).toBe(before);
  });

  it('answers 400 for a file that is not an image, and keeps none of the form\'s files', async () => {
    const title = `Not an image ${marker()}`;
    const before = await t.db.$count(skills);
    const filesBefore = await storedFiles();
    const response = await create(owner, validFields({ title }), [image(), { name: 'images', bytes: Buffer.from('<svg/>'), filename: 'x.svg', type: 'image/svg+xml' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select an image file', field: 'images' });
    expect(await t.db.$count(skills)).toBe(before);
    // The first image was stored before the second was refused: it is gone again.
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('answers 400, never 500, for garbage: unknown fields or files, JSON, broken multipart', async () => {
    const url = `/api/create-skills/${owner.id}/skills`;
    const extra = await create(owner, validFields({ role: 'admin' }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Unexpected field: role');
    expect((await create(owner, validFields(), [image('avatar')])).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload: validFields() });
    expect(json.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST', url, headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=x' }, payload: 'garbage',
    });
    expect(broken.statusCode).toBe(400);
    const duplicate = await t.app.inject({
      method: 'POST', url, headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\na\r\n--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nb\r\n--b--\r\n',
    });
    expect(duplicate.statusCode).toBe(400);
    expect((await create(owner, validFields(), [image()], {}, 'not-a-uuid')).statusCode).toBe(403);
  });

  it('an idempotent retry makes one skill and gets the same answer', async () => {
    const title = `Retry ${marker()}`;
    const key = { 'idempotency-key': `skill-${marker()}` };
    const first = await create(owner, validFields({ title }), [image()], key);
    const second = await create(owner, validFields({ title }), [image()], key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countRows(title)).toBe(1);
  });
});

describe('GET /api/skills', () => {
  it('pages newest first: limit, cursor, nextCursor null at the end', async () => {
    const word = marker();
    const base = Date.parse('2031-05-01T10:00:00Z');
    await t.db.insert(skills).values(Array.from({ length: 5 }, (_, i) => ({
      userId: owner.id, title: `Page ${word} ${i}`, description: 'Text', category: 'Plumbing', address: 'Jaipur', createdAt: new Date(base + i * 1000),
    })));
    const titles: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await list({ q: word, limit: '2', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.skills.length).toBeLessThanOrEqual(2);
      titles.push(...body.skills.map((skill: Skill) => skill.title));
      cursor = body.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(titles).toEqual([4, 3, 2, 1, 0].map((i) => `Page ${word} ${i}`));
  });

  it('answers a default page without q, and 400 for a bad cursor or limit', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(200);
    expect(response.json().skills.length).toBeGreaterThan(0);
    const bad = await list({ cursor: 'not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid cursor' });
    expect((await list({ limit: '0' })).statusCode).toBe(400);
    expect((await list({ limit: '101' })).statusCode).toBe(400);
    const long = await list({ q: 'x'.repeat(201) });
    expect([long.statusCode, long.json()]).toEqual([400, { message: 'q must not have more than 200 characters' }]);
    expect((await list({ q: 'a\u0000b' })).statusCode).toBe(400);
    expect((await list({ other: '1' })).statusCode).toBe(400);
  });

  it('q matches category, custom category, title, description or address, case-insensitively; % and _ are literal', async () => {
    const word = marker();
    await t.db.insert(skills).values([
      { userId: owner.id, title: `Title ${word}`, description: 'd', category: 'Photography', address: 'a' },
      { userId: owner.id, title: 't', description: `About ${word.toUpperCase()}`, category: 'Photography', address: 'a' },
      { userId: owner.id, title: 't', description: 'd', category: 'Other', customCategory: `Custom ${word}`, address: 'a' },
      { userId: owner.id, title: 't', description: 'd', category: 'Photography', address: `Street ${word}` },
      { userId: owner.id, title: `100% ${word}`, description: 'd', category: 'Photography', address: 'a' },
      { userId: owner.id, title: `1000 ${word}`, description: 'd', category: 'Photography', address: 'a' },
    ]);
    const found = async (q: string) => (await list({ q, limit: '100' })).json().skills as Skill[];
    expect(await found(word)).toHaveLength(6);
    expect(await found(`  ${word.toUpperCase()}  `)).toHaveLength(6);
    expect((await found(`custom ${word}`)).map((skill) => skill.customCategory)).toEqual([`Custom ${word}`]);
    expect((await found(`100% ${word}`)).map((skill) => skill.title)).toEqual([`100% ${word}`]);
    expect(await found(`10_0 ${word}`)).toEqual([]);
    expect(await found(`\\${word}`)).toEqual([]);
    // The category matches too.
    expect((await found('photograph')).length).toBeGreaterThan(0);
  });

  it('never lists contact details, nor the owner\'s account e-mail or number, signed in or not (issue 32, finding 1)', async () => {
    const skill = await created(owner, validFields({ title: `Contact ${marker()}` }));
    for (const token of [undefined, other.token, owner.token]) {
      const answer = await list({ q: skill.title as string }, token);
      const [listed] = answer.json().skills;
      expect(listed._id).toBe(skill._id);
      expect(listed).not.toHaveProperty('contact');
      expect(listed).not.toHaveProperty('email');
      expect(listed.user).toEqual({ _id: owner.id, firstName: 'Meera', lastName: 'Iyer' });
      for (const value of [owner.body.email, owner.body.contactNumber, '+919845012345', 'meera@example.com']) expect(answer.body).not.toContain(value);
    }
    for (const token of [undefined, other.token]) {
      const detail = await t.app.inject({ url: `/api/skills/${skill._id}`, headers: token ? bearer(token) : {} });
      for (const value of [owner.body.email, owner.body.contactNumber, '+919845012345', 'meera@example.com']) expect(detail.body).not.toContain(value);
    }
  });
});

describe('GET /api/skills/:id', () => {
  it('answers 404 for an unknown skill and 400 for a malformed id', async () => {
    const missing = await t.app.inject({ url: '/api/skills/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: 'Skill not found' });
    expect((await t.app.inject({ url: '/api/skills/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/skills/:id', () => {
  it('edits as the owner: keep lists choose the current images, new files come after, dropped files are removed', async () => {
    const skill = await created(owner, validFields(), [image(), image(), image('portfolioImages'), image('portfolioImages')]);
    const [first, second] = skill.images;
    const [portfolioA, portfolioB] = skill.portfolioImages;
    const response = await edit(skill._id, owner, validFields({
      title: 'Bunks and shelves', category: 'Other', customCategory: 'Woodwork',
      keepImages: JSON.stringify([second]), keepPortfolioImages: JSON.stringify([portfolioB]),
    }), [image(), image('portfolioImages')]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: 'Skill updated!', skill: { _id: skill._id, title: 'Bunks and shelves', customCategory: 'Woodwork', contact: '+919845012345' } });
    const updated = body.skill as Skill;
    expect(updated.images).toEqual([second, expect.stringMatching(/^\/uploads\/skills\//)]);
    expect(updated.portfolioImages).toEqual([portfolioB, expect.stringMatching(/^\/uploads\/skills\//)]);
    expect(updated.thumbnail).toBe(second);
    expect(await storedRow(skill._id)).toMatchObject({ thumbnail: second, images: updated.images });
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(portfolioA))).toBe(false);
    for (const file of [...updated.images, ...updated.portfolioImages]) expect(existsSync(fileOf(file))).toBe(true);
  });

  it('two edits at once without keep lists each keep the other\'s new images (as the races suite found for whispers)', async () => {
    // Five skills, each edited twice at once, each edit adding an image and a portfolio image: an edit
    // must not drop what the other added, although it read the skill before the other was saved.
    const originals = await Promise.all(Array.from({ length: 5 }, () => created(owner, validFields(), [image()])));
    const edits = await Promise.all(originals.flatMap((skill) => ['First', 'Second'].map((title) =>
      edit(skill._id, owner, validFields({ title }), [image(), image('portfolioImages')]))));
    expect(edits.map((response) => response.statusCode)).toEqual(edits.map(() => 200));
    for (const skill of originals) {
      const row = (await t.db.select({ images: skills.images, portfolioImages: skills.portfolioImages }).from(skills).where(eq(skills.id, skill._id)))[0];
      expect(row.images).toHaveLength(3);
      expect(row.images[0]).toBe(skill.images[0]);
      expect(row.portfolioImages).toHaveLength(2);
      expect(new Set([...row.images, ...row.portfolioImages]).size).toBe(5);
      for (const file of [...row.images, ...row.portfolioImages]) expect(existsSync(fileOf(file))).toBe(true);
    }
  });

  it('an edit without keep lists answers 400 when another edit filled the skill meanwhile; its files are not kept', async () => {
    const skill = await created(owner, validFields(), [image(), image()]);
    const before = await storedFiles();
    const edits = await Promise.all(['First', 'Second'].map((title) => edit(skill._id, owner, validFields({ title }), [image(), image()])));
    expect(edits.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(edits.find((response) => response.statusCode === 400)!.json()).toEqual({ message: 'Maximum 4 images allowed.', field: 'images' });
    const saved = edits.find((response) => response.statusCode === 200)!.json().skill as Skill;
    expect((await storedRow(skill._id)).images).toEqual(saved.images);
    expect(saved.images).toHaveLength(4);
    expect((await storedFiles()).length).toBe(before.length + 2);
  });

  it('keeps every current image when the form sends no keep lists', async () => {
    const skill = await created(owner, validFields(), [image(), image('portfolioImages')]);
    const response = await edit(skill._id, owner, validFields({ title: 'Only the text' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().skill).toMatchObject({ title: 'Only the text', images: skill.images, portfolioImages: skill.portfolioImages });
  });

  it('checks the form like a create, and the keep lists against the skill\'s own images', async () => {
    const skill = await created(owner, validFields(), [image(), image()]);
    const cases: Array<[Record<string, string>, FilePart[], string, string]> = [
      [{ title: '' }, [], 'Title is required.', 'title'],
      [{ keepImages: '[]' }, [], 'At least three image is required.', 'images'],
      [{ keepImages: '' }, [], 'At least three image is required.', 'images'],
      [{}, images(3), 'Maximum 4 images allowed.', 'images'],
      [{ keepImages: '["/uploads/skills/00000000-0000-4000-8000-000000000000.webp"]' }, [], 'keepImages lists an image this skill does not have.', 'keepImages'],
      [{ keepImages: 'not json' }, [], 'keepImages must be a JSON array of image paths.', 'keepImages'],
      [{ keepImages: '{"a":1}' }, [], 'keepImages must be a JSON array of image paths.', 'keepImages'],
      [{ keepPortfolioImages: '[1]' }, [], 'keepPortfolioImages must be a JSON array of image paths.', 'keepPortfolioImages'],
    ];
    for (const [overrides, files, message, field] of cases) {
      const response = await edit(skill._id, owner, validFields(overrides), files);
      expect([response.statusCode, response.json()]).toEqual([400, { message, field }]);
    }
    expect(await storedRow(skill._id)).toMatchObject({ title: 'Bunk beds from reclaimed wood', images: skill.images });
    for (const file of skill.images) expect(existsSync(fileOf(file))).toBe(true);
  });

  it('answers 403 to another user and 401 without a token, changing nothing; 404 for an unknown skill', async () => {
    const skill = await created(owner);
    const before = await storedRow(skill._id);
    const forbidden = await edit(skill._id, other, validFields({ title: 'Taken over', keepImages: '[]' }), [image()]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect((await edit(skill._id, undefined, validFields({ title: 'Taken over' }))).statusCode).toBe(401);
    expect(await storedRow(skill._id)).toEqual(before);
    expect(existsSync(fileOf(skill.images[0]))).toBe(true);
    const missing = await edit('00000000-0000-4000-8000-000000000000', owner);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: 'Skill not found' });
    expect((await edit('abc', owner)).statusCode).toBe(400);
  });
});

describe('DELETE /api/skills/:id', () => {
  it('refuses another user (403) and no token (401); the owner deletes it and its files', async () => {
    const skill = await created(owner, validFields(), [image(), image('portfolioImages')]);
    const url = `/api/skills/${skill._id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(await storedRow(skill._id)).toBeDefined();
    const response = await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Skill deleted' });
    expect(await storedRow(skill._id)).toBeUndefined();
    for (const file of [...skill.images, ...skill.portfolioImages]) expect(existsSync(fileOf(file))).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: false, message: 'Skill not found' });
  });
});
