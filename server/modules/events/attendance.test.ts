import { and, asc, eq } from 'drizzle-orm';
import { eventAttendees, eventUpdates, events, notifications } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { recordFigures } from '../../test/figures.js';
import { makeMembers, type Member } from '../../test/members.js';
import { multipart, SMALL_PNG } from '../../test/multipart.js';
import { bearer } from '../../test/fixtures.js';

// Going, interested and the waitlist; the organiser's updates; what edits tell the people going;
// a member's own events (server/README.md "Events people can go to").

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

const fields = (overrides: Record<string, string> = {}) => ({
  title: 'Sunrise yoga by the river', description: 'Mats provided.', address: 'Triveni Ghat, Rishikesh', latitude: '30.1036', longitude: '78.2986',
  startDate: day(10), endDate: day(10), startTime: '06:00', endTime: '07:30', timeZone: 'Asia/Kolkata', ...overrides,
});

async function sendForm(method: 'POST' | 'PUT', url: string, token: string, values: Record<string, string>, withBanner: boolean) {
  const form = await multipart(values, withBanner ? [{ name: 'thumbnail', bytes: SMALL_PNG, filename: 'b.png', type: 'image/png' }] : []);
  return t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

/** A new event of `organiser` through the API (the form with its capacity and zone). */
async function newEvent(organiser: Member, overrides: Record<string, string> = {}): Promise<string> {
  const response = await sendForm('POST', `/api/events/${organiser.id}`, organiser.token, fields(overrides), true);
  expect(response.statusCode).toBe(201);
  return response.json().event._id;
}
const edit = (id: string, organiser: Member, overrides: Record<string, string>) => sendForm('PUT', `/api/events/${id}`, organiser.token, fields(overrides), false);

const rsvp = (id: string, member: Member | undefined, status: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status }, headers: member ? bearer(member.token) : {} });
async function answer(id: string, member: Member, status: 'going' | 'interested' | 'none') {
  const response = await rsvp(id, member, status);
  expect(response.statusCode).toBe(200);
  return response.json().attendance;
}
const detail = async (id: string, member?: Member) =>
  (await t.app.inject({ url: `/api/join-event/${id}`, headers: member ? bearer(member.token) : {} })).json().event;

const notificationsOf = (member: Member) =>
  t.db.select({ kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'event')));
const statusesOf = async (id: string) =>
  Object.fromEntries((await t.db.select({ userId: eventAttendees.userId, status: eventAttendees.status }).from(eventAttendees)
    .where(eq(eventAttendees.eventId, id))).map((row) => [row.userId, row.status]));

describe('PUT /api/events/:id/rsvp', () => {
  it('going, interested and none: the counts and the caller\'s own answer, on the detail page too', async () => {
    const [organiser, asha, ravi] = await makeMembers(t, 3);
    const id = await newEvent(organiser);
    expect(await answer(id, asha, 'going')).toEqual({ capacity: null, going: 1, interested: 0, waiting: 0, myStatus: 'going', waitlistPosition: null });
    expect(await answer(id, ravi, 'interested')).toEqual({ capacity: null, going: 1, interested: 1, waiting: 0, myStatus: 'interested', waitlistPosition: null });
    // Asking twice is once.
    expect(await answer(id, asha, 'going')).toMatchObject({ going: 1, myStatus: 'going' });
    expect((await detail(id, ravi)).attendance).toEqual({ capacity: null, going: 1, interested: 1, waiting: 0, myStatus: 'interested', waitlistPosition: null });
    expect((await detail(id)).attendance.myStatus).toBe('none');
    expect(await answer(id, ravi, 'going')).toMatchObject({ going: 2, interested: 0, myStatus: 'going' });
    expect(await answer(id, asha, 'none')).toMatchObject({ going: 1, myStatus: 'none' });
    expect(await statusesOf(id)).toEqual({ [ravi.id]: 'going' });
  });

  it('shows the going count on the list cards, fresh after each answer', async () => {
    const [organiser, asha] = await makeMembers(t, 2);
    const startDate = day(40);
    const id = await newEvent(organiser, { startDate, endDate: startDate });
    const card = async () => (await t.app.inject({ url: '/api/all-requests', query: { date: startDate } })).json().events.find((e: { _id: string }) => e._id === id);
    expect((await card()).goingCount).toBe(0);
    await answer(id, asha, 'going');
    expect((await card()).goingCount).toBe(1);
    await answer(id, asha, 'interested');
    expect((await card()).goingCount).toBe(0);
  });

  it('refuses what is not an answer (400), visitors (401), unknown events (404), and answers to an event that has ended', async () => {
    const [organiser, asha] = await makeMembers(t, 2);
    const id = await newEvent(organiser);
    expect((await rsvp(id, asha, 'maybe')).statusCode).toBe(400);
    expect((await rsvp(id, asha, undefined)).statusCode).toBe(400);
    expect((await rsvp('not-an-id', asha, 'going')).statusCode).toBe(400);
    expect((await rsvp(id, undefined, 'going')).statusCode).toBe(401);
    const unknown = await rsvp('00000000-0000-4000-8000-000000000000', asha, 'going');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Event not found' });
    // An event that ended (stored as such: the form refuses a start in the past).
    await answer(id, asha, 'going');
    await t.db.update(events).set({ startDate: day(-5), endDate: day(-4) }).where(eq(events.id, id));
    const late = await rsvp(id, asha, 'interested');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: 'This event has ended.' });
    // Leaving still works.
    expect(await answer(id, asha, 'none')).toMatchObject({ going: 0, myStatus: 'none' });
  });
});

describe('PUT /api/events/:id/rsvp with an Idempotency-Key', () => {
  const keyed = (id: string, member: Member, status: string, key: string) =>
    t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status }, headers: { ...bearer(member.token), 'idempotency-key': key } });

  it('a retried answer gets its first reply and does not undo a later one; the key on another event answers 422', async () => {
    const [organiser, asha] = await makeMembers(t, 2);
    const [id, other] = [await newEvent(organiser), await newEvent(organiser)];
    const first = await keyed(id, asha, 'going', 'rsvp-going');
    expect(first.json().attendance).toMatchObject({ going: 1, myStatus: 'going' });
    expect((await keyed(id, asha, 'interested', 'rsvp-interested')).json().attendance).toMatchObject({ going: 0, interested: 1, myStatus: 'interested' });
    // The first answer's reply was lost: the offline queue sends it again with its key.
    const retried = await keyed(id, asha, 'going', 'rsvp-going');
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    expect(await statusesOf(id)).toEqual({ [asha.id]: 'interested' });
    expect((await keyed(other, asha, 'going', 'rsvp-going')).statusCode).toBe(422);
    expect(await statusesOf(other)).toEqual({});
  });

  it('a waiting member who moves up is told once, after the answer that freed the place is stored', async () => {
    const [organiser, asha, ravi] = await makeMembers(t, 3);
    const id = await newEvent(organiser, { capacity: '1' });
    await answer(id, asha, 'going');
    expect(await answer(id, ravi, 'going')).toMatchObject({ myStatus: 'waiting' });
    expect((await keyed(id, asha, 'none', 'leave-once')).statusCode).toBe(200);
    expect((await keyed(id, asha, 'none', 'leave-once')).headers['idempotent-replayed']).toBe('true');
    expect(await statusesOf(id)).toEqual({ [ravi.id]: 'going' });
    expect((await notificationsOf(ravi)).length).toBe(1);
  });
});

describe('capacity and the waitlist', () => {
  it('past the capacity "Going" joins the waitlist, in order, with each one\'s position', async () => {
    const [organiser, a, b, c, d] = await makeMembers(t, 5);
    const id = await newEvent(organiser, { capacity: '2' });
    expect(await answer(id, a, 'going')).toMatchObject({ capacity: 2, going: 1, myStatus: 'going' });
    expect(await answer(id, b, 'going')).toMatchObject({ going: 2, myStatus: 'going' });
    expect(await answer(id, c, 'going')).toEqual({ capacity: 2, going: 2, interested: 0, waiting: 1, myStatus: 'waiting', waitlistPosition: 1 });
    expect(await answer(id, d, 'going')).toMatchObject({ waiting: 2, myStatus: 'waiting', waitlistPosition: 2 });
    // Asking again keeps the place in line.
    expect(await answer(id, c, 'going')).toMatchObject({ myStatus: 'waiting', waitlistPosition: 1 });
    expect((await detail(id, d)).attendance).toMatchObject({ capacity: 2, myStatus: 'waiting', waitlistPosition: 2 });
    expect((await detail(id, d)).capacity).toBe(2);
  });

  it('when a member going leaves, the first one waiting moves up and is notified (kind event, a link to the event)', async () => {
    const [organiser, a, b, c, d] = await makeMembers(t, 5);
    const id = await newEvent(organiser, { capacity: '2', title: 'Beach clean-up' });
    for (const member of [a, b, c, d]) await answer(id, member, 'going');
    expect(await notificationsOf(c)).toEqual([]);

    expect(await answer(id, a, 'none')).toMatchObject({ going: 2, waiting: 1, myStatus: 'none' });
    expect(await statusesOf(id)).toEqual({ [b.id]: 'going', [c.id]: 'going', [d.id]: 'waiting' });
    expect(await notificationsOf(c)).toEqual([{
      kind: 'event', title: 'You have a place at Beach clean-up', body: 'A place opened up and you moved up from the waitlist: you are going.', link: `/events/${id}`,
    }]);
    expect((await detail(id, d)).attendance).toMatchObject({ myStatus: 'waiting', waitlistPosition: 1 });
    expect(await notificationsOf(d)).toEqual([]);

    // Giving the place up for "interested" frees it the same way.
    expect(await answer(id, b, 'interested')).toMatchObject({ going: 2, interested: 1, waiting: 0 });
    expect(await statusesOf(id)).toMatchObject({ [d.id]: 'going' });
    expect(await notificationsOf(d)).toHaveLength(1);
  });

  it('a member waiting who turns to "interested" leaves the line without taking a place, and going again goes to the back', async () => {
    const [organiser, a, b, c] = await makeMembers(t, 4);
    const id = await newEvent(organiser, { capacity: '1' });
    await answer(id, a, 'going');
    await answer(id, b, 'going');
    await answer(id, c, 'going');
    expect(await answer(id, b, 'interested')).toMatchObject({ going: 1, interested: 1, waiting: 1, myStatus: 'interested' });
    expect((await detail(id, c)).attendance.waitlistPosition).toBe(1);
    expect(await answer(id, b, 'going')).toMatchObject({ myStatus: 'waiting', waitlistPosition: 2 });
  });

  it('a capacity raised by an edit moves the first ones waiting up; one lowered below those going takes no place away', async () => {
    const [organiser, a, b, c, d, e] = await makeMembers(t, 6);
    const id = await newEvent(organiser, { capacity: '1' });
    for (const member of [a, b, c, d]) await answer(id, member, 'going');
    expect((await edit(id, organiser, { capacity: '3' })).statusCode).toBe(200);
    expect(await statusesOf(id)).toEqual({ [a.id]: 'going', [b.id]: 'going', [c.id]: 'going', [d.id]: 'waiting' });
    expect(await notificationsOf(b)).toHaveLength(1);
    expect(await notificationsOf(c)).toHaveLength(1);
    expect(await notificationsOf(d)).toHaveLength(0);

    const lowered = await edit(id, organiser, { capacity: '1' });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().event).toMatchObject({ capacity: 1, goingCount: 3 });
    expect(await answer(id, e, 'going')).toMatchObject({ going: 3, waiting: 2, myStatus: 'waiting', waitlistPosition: 2 });
    // Until enough have left, no place is free: one leaving moves no one up.
    await answer(id, a, 'none');
    expect(await statusesOf(id)).toMatchObject({ [d.id]: 'waiting', [e.id]: 'waiting' });
    // No limit: everyone waiting goes.
    expect((await edit(id, organiser, { capacity: '' })).json().event.capacity).toBeNull();
    expect(await statusesOf(id)).toMatchObject({ [d.id]: 'going', [e.id]: 'going' });
  });

  it('50 members asking for the last 5 places at once: exactly 5 get them, the other 45 wait in the order their requests committed', async () => {
    const [organiser] = await makeMembers(t, 1, 'Organiser');
    const early = await makeMembers(t, 5, 'Early');
    const crowd = await makeMembers(t, 50, 'Crowd');
    const id = await newEvent(organiser, { capacity: '10' });
    for (const member of early) await answer(id, member, 'going');

    const started = Date.now();
    const answers = await Promise.all(crowd.map((member) => rsvp(id, member, 'going')));
    const elapsedMs = Date.now() - started;
    expect(answers.map((response) => response.statusCode)).toEqual(crowd.map(() => 200));
    const attendances = answers.map((response) => response.json().attendance as { myStatus: string; waitlistPosition: number | null; going: number });

    const rows = await t.db.select({ userId: eventAttendees.userId, status: eventAttendees.status, queuedAt: eventAttendees.queuedAt })
      .from(eventAttendees).where(eq(eventAttendees.eventId, id)).orderBy(asc(eventAttendees.queuedAt));
    const crowdIds = new Set(crowd.map((member) => member.id));
    const crowdRows = rows.filter((row) => crowdIds.has(row.userId));
    const going = rows.filter((row) => row.status === 'going');
    const waiting = rows.filter((row) => row.status === 'waiting');
    expect(going).toHaveLength(10);
    expect(waiting).toHaveLength(45);
    // The 5 places went to the first 5 requests to commit (queued_at is drawn under the event's lock)...
    expect(crowdRows.slice(0, 5).every((row) => row.status === 'going')).toBe(true);
    expect(crowdRows.slice(5).every((row) => row.status === 'waiting')).toBe(true);
    // ...and each of the others was told its place in line as it committed: 1 to 45, in that order.
    const positionOf = new Map(crowd.map((member, i) => [member.id, attendances[i].waitlistPosition]));
    expect(crowdRows.slice(5).map((row) => positionOf.get(row.userId))).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(attendances.filter((a) => a.myStatus === 'going')).toHaveLength(5);
    // No answer ever saw more going than the capacity.
    expect(Math.max(...attendances.map((a) => a.going))).toBe(10);

    const figures = {
      members: crowd.length, placesLeft: 5, going: going.length - early.length, waiting: waiting.length,
      positions: `${Math.min(...waiting.map((row) => positionOf.get(row.userId)!))}-${Math.max(...waiting.map((row) => positionOf.get(row.userId)!))}`,
      database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', elapsedMs,
    };
    recordFigures('event waitlist race', figures);
    console.log(`event waitlist race: ${JSON.stringify(figures)}`);
  }, 120_000);
});

describe('who is going', () => {
  it('names and pictures of the members going, to signed-in members, without members blocked either way', async () => {
    const [organiser, a, b, c, reader] = await makeMembers(t, 5);
    const id = await newEvent(organiser);
    for (const member of [a, b, c]) await answer(id, member, 'going');
    await answer(id, organiser, 'interested');
    const list = (member?: Member) => t.app.inject({ url: `/api/events/${id}/attendees`, headers: member ? bearer(member.token) : {} });
    expect((await list()).statusCode).toBe(401);
    const all = await list(reader);
    expect(all.statusCode).toBe(200);
    expect(all.json().attendees.map((x: { _id: string }) => x._id)).toEqual([a.id, b.id, c.id]);
    expect(all.json().attendees[0]).toEqual({ _id: a.id, username: expect.any(String), firstName: a.firstName, lastName: a.lastName, profileImage: '' });
    expect(all.body).not.toContain('@example.com');
    // The reader blocks a; c blocks the reader: neither shows.
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${a.id}`, headers: bearer(reader.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${reader.id}`, headers: bearer(c.token) })).statusCode).toBe(200);
    expect((await list(reader)).json().attendees.map((x: { _id: string }) => x._id)).toEqual([b.id]);
  });

  it('an event whose organiser blocked the member is gone for them: 404 to answer it or read who is going', async () => {
    const [organiser, blocked] = await makeMembers(t, 2);
    const id = await newEvent(organiser);
    await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(organiser.token) });
    expect((await rsvp(id, blocked, 'going')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/events/${id}/attendees`, headers: bearer(blocked.token) })).statusCode).toBe(404);
  });
});

describe('the organiser\'s updates', () => {
  const post = (id: string, member: Member | undefined, text: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/events/${id}/updates`, payload: { text }, headers: member ? bearer(member.token) : {} });

  it('the organiser posts one: stored, shown newest first, and every member going is notified (no one else)', async () => {
    const [organiser, going, interested, waiting, visitorLike] = await makeMembers(t, 5);
    const id = await newEvent(organiser, { capacity: '1', title: 'Night walk' });
    await answer(id, going, 'going');
    await answer(id, waiting, 'going');
    await answer(id, interested, 'interested');
    const first = await post(id, organiser, '  Meet at the north gate.\r\nBring a torch.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Update posted', update: { _id: expect.any(String), text: 'Meet at the north gate.\nBring a torch.', createdAt: expect.any(String) } });
    expect(await notificationsOf(going)).toEqual([{ kind: 'event', title: 'Update from Night walk', body: 'Meet at the north gate.\nBring a torch.', link: `/events/${id}` }]);
    for (const member of [interested, waiting, organiser]) expect(await notificationsOf(member)).toEqual([]);
    await post(id, organiser, 'Moved to 21:00.');
    const shown = await t.app.inject({ url: `/api/events/${id}/updates`, headers: bearer(going.token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().updates.map((u: { text: string }) => u.text)).toEqual(['Moved to 21:00.', 'Meet at the north gate.\nBring a torch.']);
    expect((await t.app.inject({ url: `/api/events/${id}/updates`, headers: bearer(visitorLike.token) })).statusCode).toBe(403);
  });

  it('are read by the organiser and the members going or waiting only: 403 for others, 401 for visitors, 404 blocked', async () => {
    const [organiser, going, waiting, interested, other, blocked] = await makeMembers(t, 6);
    const id = await newEvent(organiser, { capacity: '1' });
    await answer(id, going, 'going');
    await answer(id, waiting, 'going');
    await answer(id, interested, 'interested');
    await answer(id, blocked, 'going');
    expect((await post(id, organiser, 'The door code is 4512.')).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(organiser.token) });
    const read = (member?: Member) => t.app.inject({ url: `/api/events/${id}/updates`, headers: member ? bearer(member.token) : {} });

    for (const member of [organiser, going, waiting]) {
      const answered = await read(member);
      expect(answered.statusCode).toBe(200);
      expect(answered.json().updates.map((u: { text: string }) => u.text)).toEqual(['The door code is 4512.']);
    }
    for (const member of [interested, other]) {
      const refused = await read(member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Updates from the organiser are shared with the people going.' });
      expect(refused.body).not.toContain('4512');
    }
    const visitor = await read();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('4512');
    expect((await read(blocked)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/events/00000000-0000-4000-8000-000000000000/updates', headers: bearer(going.token) })).statusCode).toBe(404);
    // A member who leaves no longer reads them.
    await answer(id, going, 'none');
    expect((await read(going)).statusCode).toBe(403);
  });

  it('only the organiser: 401 for visitors, 403 for other members, 404 for no such event; 400 for an empty or long text', async () => {
    const [organiser, other] = await makeMembers(t, 2);
    const id = await newEvent(organiser);
    expect((await post(id, undefined, 'Hi')).statusCode).toBe(401);
    const forbidden = await post(id, other, 'Hi');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect((await post('00000000-0000-4000-8000-000000000000', organiser, 'Hi')).statusCode).toBe(404);
    expect((await post(id, organiser, '   ')).json()).toEqual({ message: 'Please write your update.', field: 'text' });
    const long = await post(id, organiser, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'An update must be at most 500 characters.', field: 'text' });
    expect((await post(id, organiser, 'x'.repeat(500))).statusCode).toBe(201);
    expect((await post(id, organiser, 42)).statusCode).toBe(400);
    expect(await t.db.$count(eventUpdates, eq(eventUpdates.eventId, id))).toBe(1);
  });
});

describe('edits and deletion tell the members going', () => {
  const sequenceOf = async (id: string) => (await t.db.select({ sequence: events.sequence }).from(events).where(eq(events.id, id)))[0].sequence;

  it('a new time or place raises SEQUENCE and notifies the members going; other edits do neither', async () => {
    const [organiser, going, interested] = await makeMembers(t, 3);
    const id = await newEvent(organiser, { title: 'Cooking class' });
    await answer(id, going, 'going');
    await answer(id, interested, 'interested');
    await answer(id, organiser, 'going');
    expect(await sequenceOf(id)).toBe(0);

    expect((await edit(id, organiser, { title: 'Cooking class', description: 'Now with dessert.' })).statusCode).toBe(200);
    expect(await sequenceOf(id)).toBe(0);
    expect(await notificationsOf(going)).toEqual([]);

    expect((await edit(id, organiser, { title: 'Cooking class', startTime: '18:00', endTime: '20:00' })).statusCode).toBe(200);
    expect(await sequenceOf(id)).toBe(1);
    const [told] = await notificationsOf(going);
    expect(told).toEqual({
      kind: 'event', title: 'Cooking class has changed', link: `/events/${id}`,
      body: expect.stringMatching(/^The organiser changed the time or place\. Now: \d+ \w+ \d{4}, 18:00–20:00 \(Asia\/Kolkata\) at Triveni Ghat, Rishikesh\.$/),
    });
    expect(await notificationsOf(interested)).toEqual([]);
    expect(await notificationsOf(organiser)).toEqual([]);

    expect((await edit(id, organiser, { title: 'Cooking class', startTime: '18:00', endTime: '20:00', address: 'Laxman Jhula, Rishikesh' })).statusCode).toBe(200);
    expect(await sequenceOf(id)).toBe(2);
    expect(await notificationsOf(going)).toHaveLength(2);
    expect((await edit(id, organiser, { title: 'Cooking class', startTime: '18:00', endTime: '20:00', address: 'Laxman Jhula, Rishikesh', timeZone: 'Europe/Lisbon' })).statusCode).toBe(200);
    expect(await sequenceOf(id)).toBe(3);
  });

  it('deleting the event tells the members going it is cancelled', async () => {
    const [organiser, going] = await makeMembers(t, 2);
    const id = await newEvent(organiser, { title: 'Kayak morning' });
    await answer(id, going, 'going');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: bearer(organiser.token) })).statusCode).toBe(200);
    expect(await notificationsOf(going)).toEqual([{ kind: 'event', title: 'Cancelled: Kayak morning', body: 'The organiser deleted this event.', link: '' }]);
  });
});

describe('notices respect blocks and moderation', () => {
  const block = async (blocker: Member, blocked: Member) =>
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(blocker.token) })).statusCode).toBe(200);
  /** An event with three members going: one the organiser then blocks, one who then blocks the organiser, one with no block. */
  async function withBlocks(overrides: Record<string, string> = {}) {
    const [organiser, blockedByOrganiser, blocksOrganiser, friend] = await makeMembers(t, 4);
    const id = await newEvent(organiser, overrides);
    for (const member of [blockedByOrganiser, blocksOrganiser, friend]) await answer(id, member, 'going');
    await block(organiser, blockedByOrganiser);
    await block(blocksOrganiser, organiser);
    // The event is gone for both of them.
    for (const member of [blockedByOrganiser, blocksOrganiser]) {
      expect((await t.app.inject({ url: `/api/join-event/${id}`, headers: bearer(member.token) })).statusCode).toBe(404);
    }
    return { id, organiser, blocked: [blockedByOrganiser, blocksOrganiser], friend };
  }
  const titlesOf = async (member: Member) => (await notificationsOf(member)).map((n) => n.title);

  it('the organiser\'s update reaches only the members going with no block either way', async () => {
    const { id, organiser, blocked, friend } = await withBlocks({ title: 'Night walk' });
    const posted = await t.app.inject({ method: 'POST', url: `/api/events/${id}/updates`, payload: { text: 'Door code 4512.' }, headers: bearer(organiser.token) });
    expect(posted.statusCode).toBe(201);
    expect(await titlesOf(friend)).toEqual(['Update from Night walk']);
    for (const member of blocked) expect(await notificationsOf(member)).toEqual([]);
  });

  it('"has changed" and "Cancelled" reach only the members going with no block either way', async () => {
    const { id, organiser, blocked, friend } = await withBlocks({ title: 'Boat trip' });
    expect((await edit(id, organiser, { title: 'Boat trip', startTime: '08:00', endTime: '09:00' })).statusCode).toBe(200);
    expect(await titlesOf(friend)).toEqual(['Boat trip has changed']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: bearer(organiser.token) })).statusCode).toBe(200);
    expect(await titlesOf(friend)).toEqual(['Boat trip has changed', 'Cancelled: Boat trip']);
    for (const member of blocked) expect(await notificationsOf(member)).toEqual([]);
  });

  it('a member blocked either way with the organiser who moves up from the waitlist takes the place untold', async () => {
    const [organiser, a, b, waitingBlocked, waitingFree] = await makeMembers(t, 5);
    const id = await newEvent(organiser, { capacity: '1', title: 'Cooking class' });
    for (const member of [a, waitingBlocked, b, waitingFree]) await answer(id, member, 'going');
    await block(waitingBlocked, organiser);
    expect(await answer(id, a, 'none')).toMatchObject({ going: 1, waiting: 2 });
    expect(await statusesOf(id)).toMatchObject({ [waitingBlocked.id]: 'going' });
    expect(await notificationsOf(waitingBlocked)).toEqual([]);
    // A capacity raised by the organiser: the same.
    expect((await edit(id, organiser, { title: 'Cooking class', capacity: '3' })).statusCode).toBe(200);
    expect(await statusesOf(id)).toMatchObject({ [b.id]: 'going', [waitingFree.id]: 'going' });
    expect(await titlesOf(b)).toEqual(['You have a place at Cooking class']);
    expect(await notificationsOf(waitingBlocked)).toEqual([]);
  });

  it('no one is told of an event moderators hid: neither the organiser\'s update nor an edit', async () => {
    const [organiser, going] = await makeMembers(t, 2);
    const id = await newEvent(organiser, { title: 'Hidden walk' });
    await answer(id, going, 'going');
    await t.db.update(events).set({ hiddenAt: new Date(), hiddenReason: 'Spam' }).where(eq(events.id, id));
    expect((await t.app.inject({ method: 'POST', url: `/api/events/${id}/updates`, payload: { text: 'Still on.' }, headers: bearer(organiser.token) })).statusCode).toBe(201);
    expect((await edit(id, organiser, { title: 'Hidden walk', startTime: '08:00', endTime: '09:00' })).statusCode).toBe(200);
    expect(await notificationsOf(going)).toEqual([]);
  });
});

describe('the event form: capacity and time zone', () => {
  it('stores them, keeps them when an edit leaves them out, and refuses what they cannot be', async () => {
    const [organiser] = await makeMembers(t, 1);
    const id = await newEvent(organiser, { capacity: ' 12 ', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(await detail(id)).toMatchObject({ capacity: 12, timeZone: 'America/Argentina/Buenos_Aires' });
    const { timeZone: _z, ...older } = fields();
    const kept = await sendForm('PUT', `/api/events/${id}`, organiser.token, older, false);
    expect(kept.json().event).toMatchObject({ capacity: 12, timeZone: 'America/Argentina/Buenos_Aires' });
    const form = (values: Record<string, string>) => sendForm('POST', `/api/events/${organiser.id}`, organiser.token, fields(values), true);
    for (const capacity of ['0', '-1', '1.5', 'ten', '100001']) {
      const refused = await form({ capacity });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Capacity must be a whole number from 1 to 100000, or empty for no limit.', field: 'capacity' });
    }
    for (const timeZone of ['Mars/Olympus', '+05:30', 'Asia/Kolkata; DROP', 'x'.repeat(70)]) {
      const refused = await form({ timeZone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Time zone must be an IANA time zone such as Asia/Kolkata.', field: 'timeZone' });
    }
    const { timeZone: _t, ...plain } = fields();
    const utc = await sendForm('POST', `/api/events/${organiser.id}`, organiser.token, plain, true);
    expect(utc.json().event).toMatchObject({ capacity: null, timeZone: 'UTC' });
  });
});

describe('GET /api/events/mine', () => {
  it('the member\'s events in four lists: going (waiting too), interested, organised, past', async () => {
    const [me, host] = await makeMembers(t, 2);
    const soon = await newEvent(host, { title: 'Soon', startDate: day(3), endDate: day(3) });
    const later = await newEvent(host, { title: 'Later', startDate: day(20), endDate: day(20) });
    const full = await newEvent(host, { title: 'Full', capacity: '1', startDate: day(5), endDate: day(5) });
    const curious = await newEvent(host, { title: 'Curious', startDate: day(7), endDate: day(7) });
    const mine = await newEvent(me, { title: 'Mine', startDate: day(9), endDate: day(9) });
    const gone = await newEvent(host, { title: 'Gone' });
    await answer(later, me, 'going');
    await answer(soon, me, 'going');
    await answer(full, host, 'going');
    await answer(full, me, 'going');
    await answer(curious, me, 'interested');
    await answer(gone, me, 'going');
    const [myPast] = await t.db.insert(events).values({ createdBy: me.id, title: 'My past', description: 'x', startDate: day(-9), endDate: day(-9) }).returning({ id: events.id });
    await t.db.update(events).set({ startDate: day(-3), endDate: day(-3) }).where(eq(events.id, gone));

    expect((await t.app.inject({ url: '/api/events/mine' })).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/events/mine', headers: bearer(me.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const titles = (list: Array<{ title: string }>) => list.map((event) => event.title);
    expect(titles(body.going)).toEqual(['Soon', 'Full', 'Later']);
    expect(body.going.map((e: { myStatus: string }) => e.myStatus)).toEqual(['going', 'waiting', 'going']);
    expect(titles(body.interested)).toEqual(['Curious']);
    expect(titles(body.organised)).toEqual(['Mine']);
    expect(body.organised[0]).toMatchObject({ _id: mine, myStatus: 'none', goingCount: 0 });
    expect(titles(body.past)).toEqual(['Gone', 'My past']);
    expect(body.past[1]._id).toBe(myPast.id);

    // An organiser who blocks the member takes their events off the member's lists.
    await t.app.inject({ method: 'POST', url: `/api/blocks/${me.id}`, headers: bearer(host.token) });
    const blocked = (await t.app.inject({ url: '/api/events/mine', headers: bearer(me.token) })).json();
    expect(titles(blocked.going)).toEqual([]);
    expect(titles(blocked.organised)).toEqual(['Mine']);
  });
});
