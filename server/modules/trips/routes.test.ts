import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { trips, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount, type Account } from '../../test/fixtures.js';
import { checkTrip, destinationKeyOf } from './validation.js';

const t = useTestApp();
const traveller = useAccount(t);

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day `n` days from now, YYYY-MM-DD. */
const day = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const aTrip = (overrides: Record<string, unknown> = {}) => ({
  from: 'Delhi', to: 'Panaji, Goa', startDate: day(10), endDate: day(14), peopleCount: 2, budget: 25000, ...overrides,
});
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account?: Account, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(account ? bearer(account.token) : {}), ...headers }, ...(payload ? { payload } : {}) });
const plan = (account: Account, body: object = aTrip(), headers?: Record<string, string>) =>
  inject('POST', `/api/send-trip-request/${account.id}`, account, body, headers);
/** A trip stored directly, for dates the form would not take now (a past trip). */
async function storedTrip(account: Account, startDate: string, endDate: string, to = 'Leh') {
  const [row] = await t.db.insert(trips).values({
    userId: account.id, fromPlace: 'Delhi', toPlace: to, destinationKey: destinationKeyOf(to), startDate, endDate, peopleCount: 1, budget: 100,
  }).returning({ id: trips.id });
  return row.id;
}
const matchOn = (account: Account, enabled = true) => inject('PUT', `/api/users/${account.id}/companion-matching`, account, { enabled });

describe('planning a trip (POST /api/send-trip-request/{userId})', () => {
  it('stores the trip for the token\'s user and answers 201 with the status flag, the spec\'s message and the trip', async () => {
    const answer = await plan(traveller);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      status: true, message: 'Your trip request has been sent successfully.',
      trip: { _id: expect.any(String), from: 'Delhi', to: 'Panaji, Goa', startDate: day(10), endDate: day(14), peopleCount: 2, budget: 25000, days: 4, createdAt: expect.any(String) },
    });
    const [row] = await t.db.select().from(trips).where(eq(trips.id, answer.json().trip._id));
    expect(row).toMatchObject({ userId: traveller.id, destinationKey: 'panaji' });
  });

  it('takes numbers as numeric text, and trims the places', async () => {
    const answer = await plan(traveller, aTrip({ from: '  Mumbai ', to: ' Leh  Ladakh ', peopleCount: '3', budget: ' 4000 ' }));
    expect(answer.statusCode).toBe(201);
    expect(answer.json().trip).toMatchObject({ from: 'Mumbai', to: 'Leh Ladakh', peopleCount: 3, budget: 4000 });
  });

  it.each([
    [{ from: '  ' }, 'Please enter source location.', 'from'],
    [{ from: undefined }, 'Please enter source location.', 'from'],
    [{ to: '' }, 'Please enter destination location.', 'to'],
    [{ to: '!!' }, 'Please enter destination location.', 'to'],
    [{ startDate: '' }, 'Start date is required.', 'startDate'],
    [{ startDate: '2030-02-30' }, 'Start date must be a date (YYYY-MM-DD).', 'startDate'],
    [{ endDate: undefined }, 'End date is required.', 'endDate'],
    [{ endDate: 'soon' }, 'End date must be a date (YYYY-MM-DD).', 'endDate'],
    [{ endDate: day(10) }, 'End date must be after start date.', 'endDate'],
    [{ endDate: day(9) }, 'End date must be after start date.', 'endDate'],
    [{ peopleCount: 0 }, 'At least 1 traveller is required.', 'peopleCount'],
    [{ peopleCount: 1.5 }, 'At least 1 traveller is required.', 'peopleCount'],
    [{ peopleCount: undefined }, 'At least 1 traveller is required.', 'peopleCount'],
    [{ peopleCount: 101 }, 'No. of travellers must be at most 100.', 'peopleCount'],
    [{ budget: '' }, 'Please enter a valid budget.', 'budget'],
    [{ budget: 0 }, 'Please enter a valid budget.', 'budget'],
    [{ budget: -5 }, 'Please enter a valid budget.', 'budget'],
    [{ budget: '1e3' }, 'Please enter a valid budget.', 'budget'],
    [{ budget: 12.5 }, 'Please enter a valid budget.', 'budget'],
    [{ budget: 2_000_000_000 }, 'Budget must be at most 1000000000.', 'budget'],
    [{ from: 'x'.repeat(201) }, 'From must be at most 200 characters.', 'from'],
    [{ to: 'Goa\u0000' }, 'Where To contains invalid characters.', 'to'],
  ])('refuses %j with 400 "%s" about %s, storing nothing', async (change, message, field) => {
    const before = await t.db.$count(trips, eq(trips.userId, traveller.id));
    const answer = await plan(traveller, aTrip(change));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: false, message, field });
    expect(await t.db.$count(trips, eq(trips.userId, traveller.id))).toBe(before);
  });

  it('400 for an unknown field or a field of the wrong type', async () => {
    expect((await plan(traveller, { ...aTrip(), userId: traveller.id })).json().message).toBe('Unexpected field: userId');
    expect((await plan(traveller, aTrip({ budget: [1] }))).statusCode).toBe(400);
  });

  it('401 without a token, 403 for another user\'s id in the path', async () => {
    expect((await inject('POST', `/api/send-trip-request/${traveller.id}`, undefined, aTrip())).statusCode).toBe(401);
    const other = await signUp(t.app);
    expect((await inject('POST', `/api/send-trip-request/${traveller.id}`, other, aTrip())).statusCode).toBe(403);
    expect(await t.db.$count(trips, eq(trips.userId, other.id))).toBe(0);
  });

  it('a retry with the same Idempotency-Key plans one trip and gets the same answer', async () => {
    const account = await signUp(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const first = await plan(account, aTrip(), key);
    const retry = await plan(account, aTrip(), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.db.$count(trips, eq(trips.userId, account.id))).toBe(1);
  });
});

describe('my trips (GET /api/users/{id}/trips)', () => {
  it('splits the user\'s trips: upcoming (ending today or later) soonest first, past latest first; nobody else\'s', async () => {
    const account = await signUp(t.app);
    const later = (await plan(account, aTrip({ startDate: day(30), endDate: day(33) }))).json().trip._id;
    const sooner = (await plan(account, aTrip({ startDate: day(2), endDate: day(5) }))).json().trip._id;
    const endsToday = await storedTrip(account, day(-3), day(0));
    const longAgo = await storedTrip(account, day(-60), day(-50));
    const lately = await storedTrip(account, day(-10), day(-2));
    await plan(traveller);
    const answer = await inject('GET', `/api/users/${account.id}/trips`, account);
    expect(answer.statusCode).toBe(200);
    const { data } = answer.json();
    expect(data.upcoming.map((trip: { _id: string }) => trip._id)).toEqual([endsToday, sooner, later]);
    expect(data.past.map((trip: { _id: string }) => trip._id)).toEqual([lately, longAgo]);
    expect(data.past[0]).toEqual({ _id: lately, from: 'Delhi', to: 'Leh', startDate: day(-10), endDate: day(-2), peopleCount: 1, budget: 100, days: 8, createdAt: expect.any(String) });
  });

  it('401 for a visitor, 403 for another user', async () => {
    expect((await inject('GET', `/api/users/${traveller.id}/trips`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/users/${traveller.id}/trips`, await signUp(t.app))).statusCode).toBe(403);
  });
});

describe('editing and cancelling (PUT and DELETE /api/trips/{id})', () => {
  it('the owner changes an upcoming trip, validated as a new one', async () => {
    const id = (await plan(traveller)).json().trip._id;
    const edited = await inject('PUT', `/api/trips/${id}`, traveller, aTrip({ to: 'Hampi', peopleCount: 4 }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: true, message: 'Your trip has been updated.', trip: { _id: id, to: 'Hampi', peopleCount: 4 } });
    const [row] = await t.db.select().from(trips).where(eq(trips.id, id));
    expect(row.destinationKey).toBe('hampi');
    const bad = await inject('PUT', `/api/trips/${id}`, traveller, aTrip({ to: ' ' }));
    expect(bad.json()).toEqual({ status: false, message: 'Please enter destination location.', field: 'to' });
  });

  it('the owner cancels an upcoming trip: it is gone', async () => {
    const id = (await plan(traveller)).json().trip._id;
    const cancelled = await inject('DELETE', `/api/trips/${id}`, traveller);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: true, message: 'Your trip has been cancelled.' });
    expect(await t.db.$count(trips, eq(trips.id, id))).toBe(0);
    expect((await inject('DELETE', `/api/trips/${id}`, traveller)).statusCode).toBe(404);
  });

  it('a past trip stays as it was: 409', async () => {
    const id = await storedTrip(traveller, day(-9), day(-1));
    const edit = await inject('PUT', `/api/trips/${id}`, traveller, aTrip());
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('A past trip cannot be changed.');
    const cancel = await inject('DELETE', `/api/trips/${id}`, traveller);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('A past trip cannot be cancelled.');
    expect(await t.db.$count(trips, eq(trips.id, id))).toBe(1);
  });

  it('another user\'s trip is not found, and stays as it was; a visitor gets 401', async () => {
    const id = (await plan(traveller)).json().trip._id;
    const other = await signUp(t.app);
    for (const answer of [await inject('PUT', `/api/trips/${id}`, other, aTrip({ to: 'Mine now' })), await inject('DELETE', `/api/trips/${id}`, other)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ status: false, message: 'Trip not found' });
    }
    expect((await inject('DELETE', `/api/trips/${id}`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(trips).where(eq(trips.id, id));
    expect(row.toPlace).toBe('Panaji, Goa');
  });
});

describe('companions (GET /api/companions)', () => {
  it('lists opted-in travellers going to the same place on overlapping dates, with the overlap, never contact details', async () => {
    const [anna, ben, cara, dev, eve] = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    await Promise.all([anna, ben, cara, eve].map((account) => matchOn(account)));
    const annaTrip = (await plan(anna, aTrip({ to: 'Manali', startDate: day(20), endDate: day(26) }))).json().trip._id;
    // Ben: the same place written otherwise, overlapping the last 3 days (both ends counted).
    const benTrip = (await plan(ben, aTrip({ to: '  MANÁLI. ', startDate: day(24), endDate: day(30) }))).json().trip._id;
    await plan(cara, aTrip({ to: 'Manali', startDate: day(27), endDate: day(29) })); // after Anna leaves
    await plan(dev, aTrip({ to: 'Manali', startDate: day(20), endDate: day(26) })); // never opted in
    await plan(eve, aTrip({ to: 'Kullu', startDate: day(20), endDate: day(26) })); // elsewhere

    const answer = await inject('GET', '/api/companions', anna);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      matching: true,
      data: [{
        user: { _id: ben.id, firstName: expect.any(String), lastName: expect.any(String), username: ben.body.username, profileImage: '' },
        trip: { _id: benTrip, to: 'MANÁLI.', startDate: day(24), endDate: day(30) },
        myTrip: { _id: annaTrip, to: 'Manali', startDate: day(20), endDate: day(26) },
        overlapDays: 3,
      }],
    });
    expect(answer.body).not.toContain(ben.body.email);
    expect(answer.body).not.toContain(ben.body.contactNumber);
    // And the other way round.
    expect((await inject('GET', '/api/companions', ben)).json().data.map((row: { user: { _id: string } }) => row.user._id)).toEqual(expect.arrayContaining([anna.id, cara.id]));
  });

  it('finds nothing for a traveller who has not opted in, and leaves out the deactivated and the past', async () => {
    const [fay, gus, hal] = await Promise.all(Array.from({ length: 3 }, () => signUp(t.app)));
    await Promise.all([gus, hal].map((account) => matchOn(account)));
    await storedTrip(fay, day(-5), day(-1), 'Hampi');
    await plan(fay, aTrip({ to: 'Hampi' }));
    await plan(gus, aTrip({ to: 'Hampi' }));
    await storedTrip(hal, day(-5), day(-1), 'Hampi');
    expect((await inject('GET', '/api/companions', fay)).json()).toEqual({ success: true, matching: false, data: [] });
    await matchOn(fay);
    expect((await inject('GET', '/api/companions', fay)).json().data.map((row: { user: { _id: string } }) => row.user._id)).toEqual([gus.id]);
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gus.id));
    expect((await inject('GET', '/api/companions', fay)).json().data).toEqual([]);
  });

  it('401 for a visitor', async () => {
    expect((await inject('GET', '/api/companions')).statusCode).toBe(401);
  });

  it('the matching query finds the other trips through the destination index', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.db.execute(sql`explain select id from trips where destination_key = 'manali' and end_date >= current_date`);
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('trips_destination_key_end_date_idx');
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });
});

describe('the companion switch (PUT /api/users/{id}/companion-matching)', () => {
  it('is off until turned on, shows in the own profile only, and turns off again', async () => {
    const account = await signUp(t.app);
    expect((await inject('GET', `/api/user/${account.id}`, account)).json().user.companionMatching).toBe(false);
    const on = await matchOn(account);
    expect(on.json()).toEqual({ status: true, message: 'Travellers with overlapping trips can now find you.', enabled: true });
    expect((await inject('GET', `/api/user/${account.id}`, account)).json().user.companionMatching).toBe(true);
    expect((await inject('GET', `/api/user/${account.id}`, traveller)).json().user).not.toHaveProperty('companionMatching');
    const off = await matchOn(account, false);
    expect(off.json()).toEqual({ status: true, message: 'Travellers can no longer find you by your trips.', enabled: false });
  });

  it('400 without a boolean, 401 for a visitor, 403 for another user', async () => {
    expect((await inject('PUT', `/api/users/${traveller.id}/companion-matching`, traveller, { enabled: 'yes' })).statusCode).toBe(400);
    expect((await inject('PUT', `/api/users/${traveller.id}/companion-matching`, undefined, { enabled: true })).statusCode).toBe(401);
    expect((await inject('PUT', `/api/users/${traveller.id}/companion-matching`, await signUp(t.app), { enabled: true })).statusCode).toBe(403);
  });
});

describe('destination keys', () => {
  it('are the place before the first comma, ignoring case, accents, punctuation and spacing', () => {
    expect(destinationKeyOf('  São  Paulo, Brazil. ')).toBe('sao paulo');
    expect(destinationKeyOf('MANÁLI.')).toBe(destinationKeyOf('Manali, Himachal Pradesh'));
    expect(destinationKeyOf(', Goa')).toBe('goa');
    expect(destinationKeyOf('東京')).toBe('東京');
  });

  it('the checker answers the stored values', () => {
    expect(checkTrip({ from: 'A', to: 'Köln', startDate: '2030-01-01', endDate: '2030-01-03', peopleCount: 1, budget: 1 }))
      .toEqual({ ok: true, value: { from: 'A', to: 'Köln', destinationKey: 'koln', startDate: '2030-01-01', endDate: '2030-01-03', peopleCount: 1, budget: 1 } });
  });
});
