import { count, gt, sql } from 'drizzle-orm';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, login } from '../test/fixtures.js';
import * as schema from './schema.js';
import { DEMO_PASSWORD, DEMO_USERNAME, hasDemoAccount, seedDemo } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const contentTables = {
  users: schema.users, needs: schema.needs, events: schema.events, skills: schema.skills, whispers: schema.whispers,
  whisperLikes: schema.whisperLikes, whisperComments: schema.whisperComments, follows: schema.follows, challenges: schema.challenges,
  challengeParticipants: schema.challengeParticipants, notifications: schema.notifications, trips: schema.trips,
};

async function counts() {
  const entries = await Promise.all(Object.entries(contentTables).map(async ([name, table]) => {
    const [{ n }] = await t.db.select({ n: count() }).from(table);
    return [name, n] as const;
  }));
  return Object.fromEntries(entries);
}

describe('seedDemo', () => {
  it('fills every content table of an empty database exactly once, even when two starts race', async () => {
    expect(await hasDemoAccount(t.db)).toBe(false);
    const results = await Promise.all([seedDemo(t.db), seedDemo(t.db)]);
    expect(results.sort()).toEqual([false, true]);
    const seeded = await counts();
    expect(seeded).toMatchObject({ users: 6, needs: 8, events: 6, skills: 6, whispers: 8, whisperComments: 7, challenges: 5 });
    for (const n of Object.values(seeded)) expect(n).toBeGreaterThan(0);
    expect(await hasDemoAccount(t.db)).toBe(true);
  });

  it('is idempotent', async () => {
    const before = await counts();
    expect(await seedDemo(t.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('makes a demo account that logs in and has notifications', async () => {
    const response = await login(t.app, DEMO_USERNAME, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ firstName: 'Demo', lastName: 'Traveller', email: 'demo@needspot.app', contactNumber: '+911234567890' });
    const notes = await t.app.inject({ url: '/api/notifications', headers: bearer(response.json().token) });
    expect(notes.json().data.length).toBeGreaterThanOrEqual(3);
  });

  it('has both need types, upcoming events and the spec skill categories', async () => {
    const types = await t.db.selectDistinct({ type: schema.needs.type }).from(schema.needs);
    expect(types.map((r) => r.type).sort()).toEqual(['available', 'need']);
    const [{ upcoming }] = await t.db.select({ upcoming: count() }).from(schema.events).where(gt(schema.events.startDate, sql`current_date`));
    expect(upcoming).toBe(6);
    const categories = await t.db.selectDistinct({ category: schema.skills.category }).from(schema.skills);
    expect(categories.map((r) => r.category).sort()).toEqual(['Carpenter', 'Electrician', 'Other', 'Photography', 'Plumbing']);
  });

  it('gives the demo traveller an upcoming and a past trip, and companions for the upcoming one', async () => {
    const { token, user } = (await login(t.app, DEMO_USERNAME, DEMO_PASSWORD)).json();
    const trips = (await t.app.inject({ url: `/api/users/${user._id}/trips`, headers: bearer(token) })).json().data;
    expect(trips.upcoming.map((trip: { to: string }) => trip.to)).toEqual(['Manali']);
    expect(trips.past.map((trip: { to: string }) => trip.to)).toEqual(['Goa']);
    const companions = (await t.app.inject({ url: '/api/companions', headers: bearer(token) })).json();
    expect(companions.matching).toBe(true);
    expect(companions.data.map((row: { user: { username: string }; overlapDays: number }) => [row.user.username, row.overlapDays])).toEqual([['kabir', 5], ['priya', 3]]);
  });
});

describe('seedDemo on a database with users', () => {
  it('does nothing', async () => {
    const other = await buildTestApp();
    try {
      const registered = await other.app.inject({ method: 'POST', url: '/api/register', payload: {
        firstName: 'A', lastName: 'B', username: 'someone', email: 'someone@example.com', contactNumber: '+911111111111',
        password: 'not-on-any-list-7', confirmPassword: 'not-on-any-list-7',
      } });
      expect(registered.statusCode).toBe(201);
      expect(await seedDemo(other.db)).toBe(false);
      expect(await hasDemoAccount(other.db)).toBe(false);
    } finally {
      await other.close();
    }
  }, SETUP_TIMEOUT);
});
