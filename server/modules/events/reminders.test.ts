import { and, eq } from 'drizzle-orm';
import { events, jobs, notifications, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer } from '../../test/fixtures.js';
import { makeMembers, type Member } from '../../test/members.js';
import { multipart, SMALL_PNG } from '../../test/multipart.js';
import { REMINDER_JOB } from './reminders.js';

// The reminder a day before (lib/jobs.ts), with the app's clock in the test's hands.

let now = new Date();
const t = useTestApp({ clock: () => now });

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const later = (ms: number) => new Date(now.getTime() + ms);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** An event in UTC (so its start instant reads plainly), starting at `start`. */
async function newEvent(organiser: Member, start: Date, title = 'Hill walk'): Promise<string> {
  const form = await multipart({
    title, description: 'Good shoes.', address: 'Chapora Fort, Goa', latitude: '15.6', longitude: '73.7', startDate: dayOf(start), endDate: dayOf(start),
    startTime: start.toISOString().slice(11, 16), endTime: '', timeZone: 'UTC',
  }, [{ name: 'thumbnail', bytes: SMALL_PNG, filename: 'b.png', type: 'image/png' }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/events/${organiser.id}`, payload: form.payload, headers: { ...form.headers, ...bearer(organiser.token) } });
  expect(response.statusCode).toBe(201);
  return response.json().event._id;
}
async function move(id: string, organiser: Member, start: Date, title = 'Hill walk') {
  const form = await multipart({
    title, description: 'Good shoes.', address: 'Chapora Fort, Goa', latitude: '15.6', longitude: '73.7', startDate: dayOf(start), endDate: dayOf(start),
    startTime: start.toISOString().slice(11, 16), endTime: '', timeZone: 'UTC',
  });
  expect((await t.app.inject({ method: 'PUT', url: `/api/events/${id}`, payload: form.payload, headers: { ...form.headers, ...bearer(organiser.token) } })).statusCode).toBe(200);
}
const rsvp = (id: string, member: Member, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${id}/rsvp`, payload: { status }, headers: bearer(member.token) });
const pendingReminder = async (id: string) =>
  (await t.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, REMINDER_JOB), eq(jobs.key, id), eq(jobs.state, 'pending'))))[0];
const remindersOf = (member: Member) =>
  t.db.select({ title: notifications.title, body: notifications.body, link: notifications.link }).from(notifications)
    .where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'event')));
/** A start on a whole minute, `days` from now. */
const startIn = (days: number) => new Date(Math.floor((now.getTime() + days * DAY_MS) / 60_000) * 60_000);

beforeEach(() => {
  now = new Date();
});

describe('the reminder a day before', () => {
  it('is scheduled with the event, and tells the members going (only them) when the clock reaches it', async () => {
    const [organiser, going, interested] = await makeMembers(t, 3);
    const start = startIn(10);
    const id = await newEvent(organiser, start);
    await rsvp(id, going, 'going');
    await rsvp(id, interested, 'interested');
    expect((await pendingReminder(id))?.runAt.toISOString()).toBe(new Date(start.getTime() - DAY_MS).toISOString());

    now = new Date(start.getTime() - DAY_MS - HOUR_MS);
    await t.app.jobs.runDue();
    expect(await remindersOf(going)).toEqual([]);

    now = new Date(start.getTime() - DAY_MS + 1000);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [reminder] = await remindersOf(going);
    expect(reminder).toEqual({
      title: 'Tomorrow: Hill walk', link: `/events/${id}`,
      body: expect.stringMatching(/^\d+ \w+ \d{4}, from \d\d:\d\d \(UTC\) at Chapora Fort, Goa\. You are going\.$/),
    });
    expect(await remindersOf(interested)).toEqual([]);
    expect(await pendingReminder(id)).toBeUndefined();
    // Done once: running again tells no one twice.
    now = later(HOUR_MS);
    await t.app.jobs.runDue();
    expect(await remindersOf(going)).toHaveLength(1);
  });

  it('moves with the event: an edit to a later day reminds a day before the new start, not the old', async () => {
    const [organiser, going] = await makeMembers(t, 2);
    const start = startIn(5);
    const id = await newEvent(organiser, start);
    await rsvp(id, going, 'going');
    const moved = new Date(start.getTime() + 3 * DAY_MS);
    await move(id, organiser, moved);
    expect((await pendingReminder(id))?.runAt.toISOString()).toBe(new Date(moved.getTime() - DAY_MS).toISOString());
    // The change itself was told (kind event), the reminder not yet.
    expect((await remindersOf(going)).map((n) => n.title)).toEqual(['Hill walk has changed']);

    now = new Date(start.getTime() - DAY_MS + 1000);
    await t.app.jobs.runDue();
    expect((await remindersOf(going)).map((n) => n.title)).toEqual(['Hill walk has changed']);
    now = new Date(moved.getTime() - DAY_MS + 1000);
    await t.app.jobs.runDue();
    expect((await remindersOf(going)).map((n) => n.title)).toEqual(['Hill walk has changed', 'Tomorrow: Hill walk']);
  });

  it('a reminder due before the event moved (the row changed without a new job) runs again at the new time', async () => {
    const [organiser, going] = await makeMembers(t, 2);
    const start = startIn(4);
    const id = await newEvent(organiser, start, 'Boat trip');
    await rsvp(id, going, 'going');
    const moved = new Date(start.getTime() + 2 * DAY_MS);
    await t.db.update(events).set({ startDate: dayOf(moved), endDate: dayOf(moved) }).where(eq(events.id, id));
    now = new Date(start.getTime() - DAY_MS + 1000);
    await t.app.jobs.runDue();
    expect(await remindersOf(going)).toEqual([]);
    expect((await pendingReminder(id))?.runAt.toISOString()).toBe(new Date(moved.getTime() - DAY_MS).toISOString());
  });

  it('none for an event deleted, or one that starts within a day', async () => {
    const [organiser, going] = await makeMembers(t, 2);
    const id = await newEvent(organiser, startIn(3), 'Market tour');
    await rsvp(id, going, 'going');
    expect(await pendingReminder(id)).toBeDefined();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: bearer(organiser.token) })).statusCode).toBe(200);
    expect(await pendingReminder(id)).toBeUndefined();

    const soon = await newEvent(organiser, new Date(now.getTime() + 2 * DAY_MS - 1000 * 60), 'Soon');
    expect(await pendingReminder(soon)).toBeDefined();
    // Moved to within the day: no reminder left to send.
    await move(soon, organiser, new Date(now.getTime() + 12 * HOUR_MS), 'Soon');
    expect(await pendingReminder(soon)).toBeUndefined();
  });

  it('tells no one blocked either way with the organiser, and no one at all while the event is hidden or its organiser suspended', async () => {
    const [organiser, friend, blockedByOrganiser, blocksOrganiser] = await makeMembers(t, 4);
    const start = startIn(10);
    const shown = await newEvent(organiser, start, 'Shown walk');
    const hidden = await newEvent(organiser, start, 'Hidden walk');
    const [other] = await makeMembers(t, 1);
    const suspended = await newEvent(other, start, 'Suspended walk');
    for (const id of [shown, hidden, suspended]) {
      for (const member of [friend, blockedByOrganiser, blocksOrganiser]) expect((await rsvp(id, member, 'going')).statusCode).toBe(200);
    }
    const block = (blocker: Member, blocked: Member) => t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(blocker.token) });
    expect((await block(organiser, blockedByOrganiser)).statusCode).toBe(200);
    expect((await block(blocksOrganiser, organiser)).statusCode).toBe(200);
    await t.db.update(events).set({ hiddenAt: new Date(), hiddenReason: 'Spam' }).where(eq(events.id, hidden));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, other.id));
    await t.db.update(events).set({ authorSuspended: true }).where(eq(events.createdBy, other.id));

    now = new Date(start.getTime() - DAY_MS + 1000);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(3);
    expect((await remindersOf(friend)).map((n) => n.title)).toEqual(['Tomorrow: Shown walk']);
    expect(await remindersOf(blockedByOrganiser)).toEqual([]);
    expect(await remindersOf(blocksOrganiser)).toEqual([]);
    for (const id of [shown, hidden, suspended]) expect(await pendingReminder(id)).toBeUndefined();
  });
});
