import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { events } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, useAccount, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png, type FilePart } from '../../test/multipart.js';
import { checkEventForm, earliestStartDay } from './validation.js';

const t = useTestApp();
const organiser = useAccount(t, { firstName: 'Priya', lastName: 'Nair' });
const other = useAccount(t);

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const validFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'Sunrise yoga by the river',
  description: 'Mats provided.\r\nAll levels welcome.',
  address: 'Triveni Ghat, Rishikesh',
  latitude: '30.1036',
  longitude: '78.2986',
  startDate: day(10),
  endDate: day(11),
  startTime: '06:00',
  endTime: '07:30',
  ...overrides,
});
const banner = (): FilePart => ({ name: 'thumbnail', bytes: png, filename: 'banner.png', type: 'image/png' });

async function send(method: 'POST' | 'PUT', url: string, token: string | undefined, fields: Record<string, string>, files: FilePart[] = [], headers: Record<string, string> = {}) {
  const form = await multipart(fields, files);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...(token ? bearer(token) : {}), ...headers } });
}
const create = (account: Account, fields: Record<string, string> = validFields(), files = [banner()], headers: Record<string, string> = {}) =>
  send('POST', `/api/events/${account.id}`, account.token, fields, files, headers);
const edit = (id: string, account: Account | undefined, fields: Record<string, string> = validFields(), files: FilePart[] = []) =>
  send('PUT', `/api/events/${id}`, account?.token, fields, files);

/** Creates an event through the API and answers it. */
async function created(account = organiser, fields: Record<string, string> = validFields()) {
  const response = await create(account, fields);
  expect(response.statusCode).toBe(201);
  return response.json().event as { _id: string; thumbnail: string; [key: string]: unknown };
}

const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));
const list = (query: Record<string, string>, token?: string) => t.app.inject({ url: '/api/all-requests', query, headers: token ? bearer(token) : {} });
/** An event row made directly (for lists: fixed creation times, any start day). */
const row = (overrides: Partial<typeof events.$inferInsert> = {}) => ({
  createdBy: organiser.id, title: 'Row', description: 'Text', startDate: '2031-01-01', endDate: '2031-01-01', ...overrides,
});
const storedRow = async (id: string) => (await t.db.select({
  title: events.title, description: events.description, thumbnail: events.thumbnail, startDate: events.startDate, endDate: events.endDate,
  timeFrom: events.timeFrom, timeTo: events.timeTo, address: events.address, latitude: events.latitude, longitude: events.longitude,
  url: events.url, createdBy: events.createdBy, createdAt: events.createdAt,
}).from(events).where(eq(events.id, id)))[0];

describe('POST /api/events/:userId', () => {
  it('creates the event as the token\'s user: 201, the Event, the banner re-encoded under /uploads/events', async () => {
    const response = await create(organiser);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: true,
      message: 'Event created!',
      event: {
        _id: expect.any(String),
        title: 'Sunrise yoga by the river',
        description: 'Mats provided.\nAll levels welcome.',
        thumbnail: expect.stringMatching(/^\/uploads\/events\/[0-9a-f-]{36}\.webp$/),
        startDate: day(10),
        endDate: day(11),
        timeFrom: '06:00',
        timeTo: '07:30',
        address: 'Triveni Ghat, Rishikesh',
        location: { address: 'Triveni Ghat, Rishikesh', coordinates: { latitude: 30.1036, longitude: 78.2986 } },
        url: `/events/${body.event._id}`,
        createdBy: { _id: organiser.id, firstName: 'Priya', lastName: 'Nair' },
        createdAt: expect.any(String),
        capacity: null,
        timeZone: 'UTC',
        goingCount: 0,
      },
    });
    expect(existsSync(fileOf(body.event.thumbnail))).toBe(true);
    const stored = await storedRow(body.event._id);
    expect(stored).toMatchObject({ createdBy: organiser.id, url: `/events/${body.event._id}`, latitude: 30.1036 });
    expect(stored.createdAt.toISOString()).toBe(body.event.createdAt);
  });

  it('takes the times as timeFrom/timeTo too, and none at all', async () => {
    const { startTime: _s, endTime: _e, ...rest } = validFields();
    expect((await created(organiser, { ...rest, timeFrom: '18:30', timeTo: '23:59' }))).toMatchObject({ timeFrom: '18:30', timeTo: '23:59' });
    expect((await created(organiser, rest))).toMatchObject({ timeFrom: '', timeTo: '' });
  });

  it('acts only for the token\'s own account: 401 without a token, 403 for someone else\'s id, nothing stored', async () => {
    const before = await t.db.$count(events);
    expect((await send('POST', `/api/events/${organiser.id}`, undefined, validFields(), [banner()])).statusCode).toBe(401);
    const forbidden = await send('POST', `/api/events/${organiser.id}`, other.token, validFields(), [banner()]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect(await t.db.$count(events)).toBe(before);
  });

  const cases: Array<[string, Record<string, string>, FilePart[] | undefined, string, string]> = [
    ['no title', { title: '  ' }, undefined, 'Title is required.', 'title'],
    ['a long title', { title: 'x'.repeat(121) }, undefined, 'Title must be at most 120 characters.', 'title'],
    ['a title with a control character', { title: 'Yoga\u0000' }, undefined, 'Title contains invalid characters.', 'title'],
    ['no description', { description: '' }, undefined, 'Description is required.', 'description'],
    ['a long description', { description: 'x'.repeat(3001) }, undefined, 'Description must be at most 3000 characters.', 'description'],
    ['no address', { address: '' }, undefined, 'Address is required.', 'address'],
    ['a long address', { address: 'x'.repeat(301) }, undefined, 'Address must be at most 300 characters.', 'address'],
    ['no coordinates', { latitude: '', longitude: '' }, undefined, 'Location not found', 'address'],
    ['coordinates out of range', { latitude: '91', longitude: '10' }, undefined, 'Location not found', 'address'],
    ['coordinates that are not numbers', { latitude: 'NaN', longitude: 'Infinity' }, undefined, 'Location not found', 'address'],
    ['no banner', {}, [], 'Banner image is required.', 'thumbnail'],
    ['a banner that is no image', {}, [{ name: 'thumbnail', bytes: Buffer.from('<svg/>'), filename: 'a.png', type: 'image/png' }], 'Please select an image file', 'thumbnail'],
    ['no start date', { startDate: '' }, undefined, 'Start date is required.', 'startDate'],
    ['a start date that is no day', { startDate: '2030-02-30' }, undefined, 'Start date must be a date (YYYY-MM-DD).', 'startDate'],
    ['no end date', { endDate: '' }, undefined, 'End date is required.', 'endDate'],
    ['an end date that is no day', { endDate: 'next week' }, undefined, 'End date must be a date (YYYY-MM-DD).', 'endDate'],
    ['an end before the start', { startDate: day(5), endDate: day(4) }, undefined, 'End date cannot be before start date.', 'endDate'],
    ['a start in the past', { startDate: day(-3), endDate: day(1) }, undefined, 'Start date cannot be in the past.', 'startDate'],
    ['a start time that is no time', { startTime: '25:00' }, undefined, 'Start time must be a time like 18:30 (HH:MM).', 'startTime'],
    ['an end time that is no time', { endTime: '7pm' }, undefined, 'End time must be a time like 18:30 (HH:MM).', 'endTime'],
  ];
  it.each(cases)('%s: 400 with the message and the field, nothing stored', async (_name, overrides, files, message, field) => {
    const before = await t.db.$count(events);
    const response = await create(organiser, validFields(overrides), files ?? [banner()]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect(await t.db.$count(events)).toBe(before);
  });

  it('accepts yesterday (a traveller west of UTC) and a one-day event', async () => {
    expect((await create(organiser, validFields({ startDate: day(-1), endDate: day(-1) }))).statusCode).toBe(201);
  });

  it('a retry with the same Idempotency-Key makes no second event and gets the same answer', async () => {
    const before = await t.db.$count(events);
    const key = { 'idempotency-key': `create-event-${Date.now()}` };
    const first = await create(organiser, validFields({ title: 'Retried meetup' }), [banner()], key);
    const second = await create(organiser, validFields({ title: 'Retried meetup' }), [banner()], key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await t.db.$count(events)).toBe(before + 1);
  });

  it('a failed create keeps no file behind', async () => {
    // Files counted before and after a create the validator refuses after reading the banner.
    const response = await create(organiser, validFields({ endDate: day(1), startDate: day(2) }));
    expect(response.statusCode).toBe(400);
    const { readdir } = await import('node:fs/promises');
    const files = existsSync(path.join(t.config.uploadsDir, 'events')) ? await readdir(path.join(t.config.uploadsDir, 'events')) : [];
    const named = (await t.db.select({ thumbnail: events.thumbnail }).from(events)).map((r) => path.basename(r.thumbnail));
    expect(files.filter((file) => !named.includes(file))).toEqual([]);
  });

  it('garbage never answers 500', async () => {
    const url = `/api/events/${organiser.id}`;
    const answers = [
      await t.app.inject({ method: 'POST', url, headers: bearer(organiser.token), payload: { title: 'JSON' } }),
      await t.app.inject({ method: 'POST', url, headers: { ...bearer(organiser.token), 'content-type': 'multipart/form-data; boundary=x' }, payload: Buffer.from('garbage\r\n--x') }),
      await t.app.inject({ method: 'POST', url, headers: { ...bearer(organiser.token), 'content-type': 'text/plain' }, payload: 'hello' }),
      await create(organiser, { ...validFields(), role: 'admin' }),
      await create(organiser, validFields(), [banner(), banner()]),
      await create(organiser, validFields(), [{ ...banner(), name: 'images' }]),
      await create(organiser, validFields({ latitude: '1e400', longitude: '-0x10' })),
      await create(organiser, validFields({ startDate: '0000-01-01', endDate: '9999-12-31' })),
      await create(organiser, validFields({ description: 'x'.repeat(20_000) })),
      await create(organiser, validFields({ keepImages: '{' })),
      await t.app.inject({ method: 'POST', url: '/api/events/not-a-uuid', headers: bearer(organiser.token) }),
    ];
    expect(answers.map((answer) => `${answer.statusCode} ${answer.json().message}`)).toEqual([
      '400 Request is not multipart/form-data',
      '400 Invalid multipart/form-data body',
      '400 Request is not multipart/form-data',
      '400 Unexpected field: role',
      '400 Only one file can be sent',
      '400 Unexpected field: images',
      '400 Location not found',
      '400 Start date must be a date (YYYY-MM-DD).',
      '400 description is too long',
      '400 keepImages must be a JSON array of image paths.',
      '403 Forbidden', // the access check comes first: the path names no account of the caller's
    ]);
    for (const answer of answers) {
      expect(answer.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
  });
});

describe('unit: the form rules', () => {
  it('the start-date tolerance is one UTC day', () => {
    const now = new Date('2030-06-15T00:30:00Z');
    expect(earliestStartDay(now)).toBe('2030-06-14');
    const check = (startDate: string) => checkEventForm(validFields({ startDate, endDate: '2030-06-20' }), { hasThumbnail: true, now });
    expect(check('2030-06-14').ok).toBe(true);
    expect(check('2030-06-13')).toEqual({ ok: false, message: 'Start date cannot be in the past.', field: 'startDate' });
  });
});

describe('GET /api/all-requests', () => {
  it('answers pages newest first: limit, cursor, nextCursor null at the end', async () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    await t.db.insert(events).values(Array.from({ length: 5 }, (_, i) => row({ title: `Paged ${i}`, startDate: '2033-03-03', endDate: '2033-03-03', createdAt: new Date(base + i * 1000) })));
    const titles: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const response = await list({ date: '2033-03-03', limit: '2', ...(cursor ? { cursor } : {}) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      titles.push(...body.events.map((event: { title: string }) => event.title));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(titles).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
  });

  it('refuses a bad cursor, limit or date with 400', async () => {
    expect((await list({ cursor: 'bm90IGEgY3Vyc29y' })).json()).toEqual({ message: 'Invalid cursor' });
    expect((await list({ cursor: 'bm90IGEgY3Vyc29y' })).statusCode).toBe(400);
    expect((await list({ limit: '0' })).statusCode).toBe(400);
    expect((await list({ limit: '101' })).statusCode).toBe(400);
    for (const date of ['2030-02-30', 'tomorrow', '2030-1-1', '20300101']) expect((await list({ date })).statusCode).toBe(400);
    expect((await list({ q: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await list({ q: 'a\u0000b' })).statusCode).toBe(400);
    expect((await list({ other: '1' })).statusCode).toBe(400);
  });

  it('q matches the title, description or address case-insensitively, trimmed', async () => {
    await t.db.insert(events).values([
      row({ title: 'Kayaking in Alleppey', description: 'Canals.' }),
      row({ title: 'Walk', description: 'Through the KAYAK museum.' }),
      row({ title: 'Ride', description: 'Bikes.', address: 'Kayak Point, Goa' }),
      row({ title: 'Unrelated', description: 'Nothing here.' }),
    ]);
    const titles = (await list({ q: '  kAyAk ' })).json().events.map((event: { title: string }) => event.title).sort();
    expect(titles).toEqual(['Kayaking in Alleppey', 'Ride', 'Walk']);
  });

  it('takes % and _ in q literally', async () => {
    await t.db.insert(events).values([row({ title: 'Discount 50% off' }), row({ title: 'Discount 500 off' }), row({ title: 'snake_case talk' }), row({ title: 'snakeXcase talk' })]);
    const titles = async (q: string) => (await list({ q })).json().events.map((event: { title: string }) => event.title);
    expect(await titles('50%')).toEqual(['Discount 50% off']);
    expect(await titles('e_c')).toEqual(['snake_case talk']);
    expect(await titles('\\')).toEqual([]);
  });

  it('date keeps the events starting that day; a blank date keeps all', async () => {
    await t.db.insert(events).values([
      row({ title: 'Starts on the day', startDate: '2034-04-04', endDate: '2034-04-05' }),
      row({ title: 'Ends on the day', startDate: '2034-04-03', endDate: '2034-04-04' }),
    ]);
    expect((await list({ date: '2034-04-04' })).json().events.map((event: { title: string }) => event.title)).toEqual(['Starts on the day']);
    expect((await list({ date: '' })).statusCode).toBe(200);
  });

  it('never shows the organiser\'s account e-mail or number, signed in or not (issue 32, finding 1)', async () => {
    await t.db.insert(events).values(row({ title: 'Contact check', startDate: '2035-05-05', endDate: '2035-05-05', latitude: null, longitude: null }));
    const anonymous = (await list({ date: '2035-05-05' })).json().events[0];
    expect(anonymous.createdBy).toEqual({ _id: organiser.id, firstName: 'Priya', lastName: 'Nair' });
    expect(anonymous.location).toEqual({ address: '', coordinates: null });
    expect(JSON.stringify(anonymous)).not.toContain(organiser.body.email);
    const signedIn = await list({ date: '2035-05-05', limit: '100' }, other.token);
    expect(signedIn.json().events[0].createdBy).toEqual({ _id: organiser.id, firstName: 'Priya', lastName: 'Nair' });
    expect(signedIn.body).not.toContain(organiser.body.email);
    expect(signedIn.body).not.toContain(organiser.body.contactNumber);
  });

  it('answers url from the id, never the stored column, and no search columns', async () => {
    const [inserted] = await t.db.insert(events).values(row({ title: 'Odd url', url: 'https://evil.example/', startDate: '2036-06-06', endDate: '2036-06-06' })).returning({ id: events.id });
    const [event] = (await list({ date: '2036-06-06' })).json().events;
    expect(event.url).toBe(`/events/${inserted.id}`);
    expect(Object.keys(event).sort()).toEqual([
      '_id', 'address', 'capacity', 'createdAt', 'createdBy', 'description', 'endDate', 'goingCount', 'location', 'startDate', 'thumbnail', 'timeFrom',
      'timeTo', 'timeZone', 'title', 'url',
    ]);
  });
});

describe('GET /api/join-event/:id', () => {
  it('answers the event, the organiser by name only whoever asks, and changes nothing', async () => {
    const event = await created();
    const before = await storedRow(event._id);
    const anonymous = await t.app.inject({ url: `/api/join-event/${event._id}` });
    expect(anonymous.statusCode).toBe(200);
    // The detail is the Event with its attendance as the caller sees it (none here).
    const attendance = { capacity: null, going: 0, interested: 0, waiting: 0, myStatus: 'none', waitlistPosition: null };
    expect(anonymous.json()).toEqual({ success: true, event: { ...event, attendance } });
    expect(event.createdBy).toEqual({ _id: organiser.id, firstName: 'Priya', lastName: 'Nair' });
    const signedIn = await t.app.inject({ url: `/api/join-event/${event._id}`, headers: bearer(other.token) });
    expect(signedIn.json().event).toEqual({ ...event, attendance });
    expect(signedIn.body).not.toContain(organiser.body.email);
    expect(signedIn.body).not.toContain(organiser.body.contactNumber);
    expect(await storedRow(event._id)).toEqual(before);
  });

  it('404 for an unknown event, 400 for a malformed id', async () => {
    const missing = await t.app.inject({ url: '/api/join-event/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Event not found' });
    expect((await t.app.inject({ url: '/api/join-event/nope' })).statusCode).toBe(400);
  });
});

describe('PUT /api/events/:id', () => {
  it('the owner edits; the banner stays when no file comes', async () => {
    const event = await created();
    const response = await edit(event._id, organiser, validFields({ title: 'Moved to the evening', startTime: '17:00', endTime: '18:00' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: 'Event updated!',
      event: { ...event, title: 'Moved to the evening', timeFrom: '17:00', timeTo: '18:00' },
    });
    expect(existsSync(fileOf(event.thumbnail))).toBe(true);
  });

  it('a new banner replaces the old one, whose file is removed', async () => {
    const event = await created();
    const response = await edit(event._id, organiser, validFields(), [banner()]);
    expect(response.statusCode).toBe(200);
    const { thumbnail } = response.json().event;
    expect(thumbnail).not.toBe(event.thumbnail);
    expect(existsSync(fileOf(thumbnail))).toBe(true);
    expect(existsSync(fileOf(event.thumbnail))).toBe(false);
  });

  it('keepImages without the current banner and no new file: the banner is required', async () => {
    const event = await created();
    const response = await edit(event._id, organiser, validFields({ keepImages: '[]' }));
    expect(response.json()).toEqual({ message: 'Banner image is required.', field: 'thumbnail' });
    expect((await edit(event._id, organiser, validFields({ keepImages: JSON.stringify([event.thumbnail]) }))).statusCode).toBe(200);
  });

  it('keeps a start date that has passed when it is unchanged, refuses a new one in the past', async () => {
    const [old] = await t.db.insert(events).values(row({ startDate: day(-10), endDate: day(5) })).returning({ id: events.id });
    const fields = validFields({ startDate: day(-10), endDate: day(5) });
    expect((await edit(old.id, organiser, fields, [banner()])).statusCode).toBe(200);
    const moved = await edit(old.id, organiser, { ...fields, startDate: day(-9) });
    expect(moved.json()).toEqual({ message: 'Start date cannot be in the past.', field: 'startDate' });
  });

  it('validates like the create', async () => {
    const event = await created();
    const response = await edit(event._id, organiser, validFields({ title: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Title is required.', field: 'title' });
  });

  it('someone else\'s event: 403 and unchanged; no token 401; an unknown one 404; a malformed id 400', async () => {
    const event = await created();
    const before = await storedRow(event._id);
    const forbidden = await edit(event._id, other, validFields({ title: 'Taken over' }), [banner()]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect((await edit(event._id, undefined, validFields({ title: 'Taken over' }))).statusCode).toBe(401);
    expect(await storedRow(event._id)).toEqual(before);
    expect(existsSync(fileOf(event.thumbnail))).toBe(true);
    const missing = await edit('00000000-0000-4000-8000-000000000000', organiser);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: false, message: 'Event not found' });
    expect((await edit('nope', organiser)).statusCode).toBe(400);
  });
});

describe('DELETE /api/events/:id', () => {
  const remove = (id: string, account?: Account) => t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: account ? bearer(account.token) : {} });

  it('someone else\'s event: 403 and kept; no token 401', async () => {
    const event = await created();
    expect((await remove(event._id, other)).statusCode).toBe(403);
    expect((await remove(event._id)).statusCode).toBe(401);
    expect(await storedRow(event._id)).toBeDefined();
    expect(existsSync(fileOf(event.thumbnail))).toBe(true);
  });

  it('the owner deletes: the row and its banner file are gone; again 404', async () => {
    const event = await created();
    const response = await remove(event._id, organiser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Event deleted' });
    expect(await storedRow(event._id)).toBeUndefined();
    expect(existsSync(fileOf(event.thumbnail))).toBe(false);
    expect((await remove(event._id, organiser)).json()).toEqual({ status: false, message: 'Event not found' });
    expect((await t.app.inject({ url: `/api/join-event/${event._id}` })).statusCode).toBe(404);
  });
});
