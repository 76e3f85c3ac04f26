import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { events } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, useTestApp, type TestApp } from '../../test/build-test-app.js';
import { bearer } from '../../test/fixtures.js';
import { logCapture } from '../../test/log-capture.js';
import { makeMembers, type Member } from '../../test/members.js';
import { multipart, SMALL_PNG } from '../../test/multipart.js';
import { calendarText, type CalendarEvent } from './calendar.js';
import { eventSpan } from './times.js';

// "Add to calendar" and the private feed: RFC 5545 files, read back by ical.js (Mozilla's
// iCalendar parser, the one Thunderbird uses) to check what a calendar app would get.

const log = logCapture('info');
const t = useTestApp({ config: { publicUrl: 'https://needspot.example' }, logger: log.logger });

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

async function newEvent(organiser: Member, overrides: Record<string, string> = {}): Promise<string> {
  const form = await multipart({
    title: 'Sunrise yoga; by the river, "all levels"', description: 'Mats provided.\nBring water, a hat\\cap.', address: 'Triveni Ghat, Rishikesh',
    latitude: '30.1036', longitude: '78.2986', startDate: '2030-07-14', endDate: '2030-07-14', startTime: '06:00', endTime: '07:30',
    timeZone: 'Asia/Kolkata', ...overrides,
  }, [{ name: 'thumbnail', bytes: SMALL_PNG, filename: 'b.png', type: 'image/png' }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/events/${organiser.id}`, payload: form.payload, headers: { ...form.headers, ...bearer(organiser.token) } });
  expect(response.statusCode).toBe(201);
  return response.json().event._id;
}

/** The VEVENTs of an iCalendar text, its VTIMEZONEs registered first (as a calendar app reads it). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((component) => ({ component, event: new ICAL.Event(component) })) };
}

afterEach(() => ICAL.TimezoneService.reset());

describe('GET /api/events/:id/ics', () => {
  it('an RFC 5545 file: UID, DTSTAMP, DTSTART/DTEND in the event\'s zone with its VTIMEZONE, the text escaped, lines folded', async () => {
    const [organiser] = await makeMembers(t, 1);
    const id = await newEvent(organiser, { description: `Mats provided.\nBring water, a hat\\cap. ${'Long text. '.repeat(20)}` });
    const response = await t.app.inject({ url: `/api/events/${id}/ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="sunrise-yoga-by-the-river-all-levels.ics"');
    const text = response.body;
    // CRLF line ends, no line longer than 75 octets, continuation lines start with a space.
    const lines = text.split('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(text).toContain('VERSION:2.0');
    expect(text).toMatch(/\r\nPRODID:-\/\/Need Spot\/\/Events\/\/EN\r\n/);
    expect(text).toContain('DTSTART;TZID=Asia/Kolkata:20300714T060000');
    expect(text).toContain('DTEND;TZID=Asia/Kolkata:20300714T073000');
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).toContain('SUMMARY:Sunrise yoga\\; by the river\\, "all levels"');

    const { calendar, events: [{ event, component }] } = parse(text);
    expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Asia/Kolkata']);
    expect(event.uid).toBe(`${id}@needspot.example`);
    expect(event.summary).toBe('Sunrise yoga; by the river, "all levels"');
    expect(event.description).toBe(`Mats provided.\nBring water, a hat\\cap. ${'Long text. '.repeat(20).trim()}`);
    expect(event.location).toBe('Triveni Ghat, Rishikesh');
    expect(component.getFirstPropertyValue('geo')).toEqual([30.1036, 78.2986]);
    expect(component.getFirstPropertyValue('url')).toBe(`https://needspot.example/events/${id}`);
    expect(event.sequence).toBe(0);
    // The right instant: 06:00 in India is 00:30 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-14T00:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-07-14T02:00:00.000Z');
    expect(event.startDate.zone.tzid).toBe('Asia/Kolkata');
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('a zone with summer time gets its rules: the instant is right in July and in January', async () => {
    const [organiser] = await makeMembers(t, 1);
    const july = await newEvent(organiser, { timeZone: 'America/New_York', startTime: '19:00', endTime: '21:00' });
    const january = await newEvent(organiser, { timeZone: 'America/New_York', startDate: '2031-01-14', endDate: '2031-01-14', startTime: '19:00', endTime: '21:00' });
    const startOf = async (id: string) => parse((await t.app.inject({ url: `/api/events/${id}/ics` })).body).events[0].event.startDate.toJSDate().toISOString();
    expect(await startOf(july)).toBe('2030-07-14T23:00:00.000Z');
    expect(await startOf(january)).toBe('2031-01-15T00:00:00.000Z');
  });

  it('an event without times is an all-day event (DATE values, the day after the last as its end)', async () => {
    const [organiser] = await makeMembers(t, 1);
    const id = await newEvent(organiser, { startDate: '2030-03-21', endDate: '2030-03-22', startTime: '', endTime: '' });
    const text = (await t.app.inject({ url: `/api/events/${id}/ics` })).body;
    expect(text).toContain('DTSTART;VALUE=DATE:20300321');
    expect(text).toContain('DTEND;VALUE=DATE:20300323');
    const [{ event }] = parse(text).events;
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2030-03-21');
    expect(event.endDate.toString()).toBe('2030-03-23');
  });

  it('an edit of the time raises SEQUENCE; the UID stays', async () => {
    const [organiser] = await makeMembers(t, 1);
    const id = await newEvent(organiser);
    const form = await multipart({
      title: 'Sunrise yoga', description: 'Mats provided.', address: 'Triveni Ghat, Rishikesh', latitude: '30.1036', longitude: '78.2986',
      startDate: '2030-07-14', endDate: '2030-07-14', startTime: '07:00', endTime: '08:30', timeZone: 'Asia/Kolkata',
    });
    expect((await t.app.inject({ method: 'PUT', url: `/api/events/${id}`, payload: form.payload, headers: { ...form.headers, ...bearer(organiser.token) } })).statusCode).toBe(200);
    const [{ event }] = parse((await t.app.inject({ url: `/api/events/${id}/ics` })).body).events;
    expect(event.sequence).toBe(1);
    expect(event.uid).toBe(`${id}@needspot.example`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-07-14T01:30:00.000Z');
  });

  it('404 for an event the caller may not see (hidden, or unknown), 400 for a malformed id', async () => {
    const [organiser] = await makeMembers(t, 1);
    const id = await newEvent(organiser);
    await t.db.update(events).set({ hiddenAt: new Date(), hiddenReason: 'spam' }).where(eq(events.id, id));
    expect((await t.app.inject({ url: `/api/events/${id}/ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/events/00000000-0000-4000-8000-000000000000/ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/events/nope/ics' })).statusCode).toBe(400);
  });
});

describe('the private calendar feed', () => {
  const feed = (member: Member, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
    t.app.inject({ method, url: '/api/calendar-feed', headers: bearer(member.token) });
  const pathOf = (url: string) => new URL(url).pathname;

  it('made, read by URL without a login (the events the member is going to), revoked: the old URL answers 404', async () => {
    const [me, host] = await makeMembers(t, 2);
    const going = await newEvent(host, { title: 'Going one' });
    const interested = await newEvent(host, { title: 'Interested one' });
    const full = await newEvent(host, { title: 'Full one', capacity: '1' });
    const rsvp = (id: string, member: Member, status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status }, headers: bearer(member.token) });
    await rsvp(going, me, 'going');
    await rsvp(interested, me, 'interested');
    await rsvp(full, host, 'going');
    await rsvp(full, me, 'going');

    expect((await feed(me)).json()).toEqual({ success: true, url: null });
    expect((await t.app.inject({ url: '/api/calendar-feed' })).statusCode).toBe(401);
    const made = (await feed(me, 'POST')).json();
    expect(made.url).toMatch(/^https:\/\/needspot\.example\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feed(me)).json().url).toBe(made.url);

    const read = await t.app.inject({ url: pathOf(made.url) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(read.headers['cache-control']).toBe('private, no-store');
    const { calendar, events: entries } = parse(read.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Need Spot: my events');
    // Going only: not interested, not waiting for a place.
    expect(entries.map(({ event }) => event.uid)).toEqual([`${going}@needspot.example`]);

    // Revoked: a new URL; the old one is no feed any more.
    const renewed = (await feed(me, 'POST')).json();
    expect(renewed.url).not.toBe(made.url);
    const old = await t.app.inject({ url: pathOf(made.url) });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Calendar feed not found' });
    expect((await t.app.inject({ url: pathOf(renewed.url) })).statusCode).toBe(200);

    // Turned off: no URL works.
    expect((await feed(me, 'DELETE')).json()).toEqual({ success: true, url: null });
    expect((await t.app.inject({ url: pathOf(renewed.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/calendar/short.ics' })).statusCode).toBe(400);

    // The secrets never reach the log (the request lines of other routes do).
    const written = log.lines.join('\n');
    expect(written).toContain('/api/calendar-feed');
    for (const url of [made.url, renewed.url]) expect(written).not.toContain(pathOf(url).split('/').pop()!.replace('.ics', ''));
  });

  it('leaves out events whose organiser blocked the member, and those the member no longer goes to', async () => {
    const [me, host, other] = await makeMembers(t, 3);
    const a = await newEvent(host, { title: 'A' });
    const b = await newEvent(other, { title: 'B' });
    for (const id of [a, b]) await t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going' }, headers: bearer(me.token) });
    const url = new URL((await feed(me, 'POST')).json().url).pathname;
    const uids = async () => parse((await t.app.inject({ url })).body).events.map(({ event }) => event.summary);
    expect(await uids()).toEqual(['A', 'B']);
    await t.app.inject({ method: 'POST', url: `/api/blocks/${me.id}`, headers: bearer(host.token) });
    await t.app.inject({ method: 'PUT', url: `/api/events/${b}/rsvp`, payload: { status: 'none' }, headers: bearer(me.token) });
    expect(await uids()).toEqual([]);
  });
});

describe('calendarText', () => {
  const base: CalendarEvent = {
    id: '7c1e9b24-5a3d-4f6e-8b1c-2d3e4f5a6b01', title: 'Walk', description: '', address: '', latitude: null, longitude: null,
    startDate: day(30), endDate: day(30), timeFrom: '22:00', timeTo: '01:00', timeZone: 'Europe/Kyiv', sequence: 4,
    createdAt: new Date(), updatedAt: new Date(),
  };

  it('writes a zone with no VTIMEZONE under its older name, or in UTC: the instant stays right', () => {
    const [{ event }] = parse(calendarText([base], { origin: 'http://localhost:8080' })).events;
    expect(event.startDate.toJSDate().toISOString()).toBe(eventSpan(base).start.toUTC().toISO());
    // An evening that ends after midnight ends the next day.
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3 * 60 * 60 * 1000);
    expect(event.startDate.zone.tzid).toBe('Europe/Kiev');
    expect(event.uid).toBe(`${base.id}@localhost:8080`);
    const utc = parse(calendarText([{ ...base, timeZone: 'America/Ciudad_Juarez' }], { origin: 'http://localhost' })).events[0].event;
    expect(utc.startDate.toJSDate().toISOString()).toBe(eventSpan({ ...base, timeZone: 'America/Ciudad_Juarez' }).start.toUTC().toISO());
    expect(utc.startDate.zone.tzid).toBe('UTC');
  });
});

describe('without PUBLIC_URL: the origin of the links comes from the request, when its host is one', () => {
  // A second app on the same database, as a development setup runs (no PUBLIC_URL).
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ db: t.db, config: { publicUrl: undefined } });
  }, SETUP_TIMEOUT);
  afterAll(() => bare.close());

  it('a well-formed Host makes the links and UIDs; a bad one (a space, a stray %, a path) falls back to this server on localhost, never a 500', async () => {
    const [me, organiser] = await makeMembers(t, 2);
    const id = await newEvent(organiser);
    expect((await t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status: 'going' }, headers: bearer(me.token) })).statusCode).toBe(200);
    const feedPath = new URL((await bare.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: bearer(me.token) })).json().url).pathname;

    const good = await bare.app.inject({ url: `/api/events/${id}/ics`, headers: { host: 'Travel.Example:8080' } });
    expect(good.statusCode).toBe(200);
    expect(parse(good.body).events[0].event.uid).toBe(`${id}@travel.example:8080`);
    expect(parse(good.body).events[0].component.getFirstPropertyValue('url')).toBe(`http://travel.example:8080/events/${id}`);

    const fallback = `http://localhost:${bare.config.port}`;
    for (const host of ['a b', 'exa%mple', 'evil.example/phish?x=', 'user@evil.example', 'example.com:99999']) {
      const file = await bare.app.inject({ url: `/api/events/${id}/ics`, headers: { host } });
      expect({ host, status: file.statusCode }).toEqual({ host, status: 200 });
      const [{ event, component }] = parse(file.body).events;
      expect(event.uid).toBe(`${id}@localhost:${bare.config.port}`);
      expect(component.getFirstPropertyValue('url')).toBe(`${fallback}/events/${id}`);

      const feedFile = await bare.app.inject({ url: feedPath, headers: { host } });
      expect({ host, status: feedFile.statusCode }).toEqual({ host, status: 200 });
      expect(parse(feedFile.body).events.map(({ event }) => event.uid)).toEqual([`${id}@localhost:${bare.config.port}`]);

      const settings = await bare.app.inject({ url: '/api/calendar-feed', headers: { ...bearer(me.token), host } });
      expect(settings.statusCode).toBe(200);
      expect(settings.json().url).toBe(`${fallback}${feedPath}`);
    }
  });
});
