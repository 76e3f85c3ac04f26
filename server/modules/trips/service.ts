import type { Static } from '@fastify/type-provider-typebox';
import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { trips, users } from '../../db/schema.js';
import type { CompanionSchema, TripSchema } from './schemas.js';
import { daysBetween, type TripInput } from './validation.js';
import { userChanged } from '../../lib/cached-reads.js';

type TripDto = Static<typeof TripSchema>;
type CompanionDto = Static<typeof CompanionSchema>;
type TripRow = typeof trips.$inferSelect;

/** Today as the server counts it (UTC, whatever the database session's time zone): trips ending today are still upcoming. */
const today = sql`(now() at time zone 'UTC')::date`;
/** How many trips one list, and one answer of companions, holds. */
export const LIST_MAX = 100;


export const toTripDto = (row: Pick<TripRow, 'id' | 'fromPlace' | 'toPlace' | 'startDate' | 'endDate' | 'peopleCount' | 'budget' | 'createdAt'>): TripDto => ({
  _id: row.id,
  from: row.fromPlace,
  to: row.toPlace,
  startDate: row.startDate,
  endDate: row.endDate,
  peopleCount: row.peopleCount,
  budget: row.budget,
  days: daysBetween(row.startDate, row.endDate),
  createdAt: new Date(row.createdAt).toISOString(),
});

const columnsOf = (input: TripInput) => ({
  fromPlace: input.from,
  toPlace: input.to,
  destinationKey: input.destinationKey,
  startDate: input.startDate,
  endDate: input.endDate,
  peopleCount: input.peopleCount,
  budget: input.budget,
});

export async function insertTrip(db: Db, userId: string, input: TripInput): Promise<TripDto> {
  const [row] = await db.insert(trips).values({ userId, ...columnsOf(input) }).returning();
  return toTripDto(row);
}

/** The user's trips: upcoming (ending today or later) soonest first, past latest first. */
export async function listTrips(db: Db, userId: string): Promise<{ upcoming: TripDto[]; past: TripDto[] }> {
  const select = (upcoming: boolean) => sql`
    select id, from_place as "fromPlace", to_place as "toPlace", start_date::text as "startDate", end_date::text as "endDate",
      people_count as "peopleCount", budget, created_at as "createdAt"
    from trips where user_id = ${userId} and ${upcoming ? sql`end_date >= ${today}` : sql`end_date < ${today}`}
    order by ${upcoming ? sql`start_date, end_date` : sql`end_date desc, start_date desc`}, id
    limit ${LIST_MAX}`;
  const [upcoming, past] = await Promise.all([db.execute(select(true)), db.execute(select(false))]);
  return { upcoming: rowsOf<TripRow>(upcoming).map(toTripDto), past: rowsOf<TripRow>(past).map(toTripDto) };
}

export type TripChange<T> = { outcome: 'done'; value: T } | { outcome: 'missing' } | { outcome: 'past' };

/** Why a change of the user's trip `id` found no upcoming trip: there is none of theirs, or it is over. */
async function refusal(db: Db, userId: string, id: string): Promise<{ outcome: 'missing' } | { outcome: 'past' }> {
  const [row] = await db.select({ id: trips.id }).from(trips).where(and(eq(trips.id, id), eq(trips.userId, userId)));
  return row ? { outcome: 'past' } : { outcome: 'missing' };
}

/** Changes the user's upcoming trip: one statement, so a trip cannot end between the check and the change. */
export async function updateTrip(db: Db, userId: string, id: string, input: TripInput): Promise<TripChange<TripDto>> {
  const [row] = await db.update(trips).set(columnsOf(input))
    .where(and(eq(trips.id, id), eq(trips.userId, userId), gte(trips.endDate, today)))
    .returning();
  return row ? { outcome: 'done', value: toTripDto(row) } : refusal(db, userId, id);
}

/** Cancels (removes) the user's upcoming trip. */
export async function cancelTrip(db: Db, userId: string, id: string): Promise<TripChange<null>> {
  const [row] = await db.delete(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId), gte(trips.endDate, today)))
    .returning({ id: trips.id });
  return row ? { outcome: 'done', value: null } : refusal(db, userId, id);
}

export async function companionMatchingOf(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.companionMatching }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

export async function setCompanionMatching(db: Db, userId: string, enabled: boolean): Promise<void> {
  await db.update(users).set({ companionMatching: enabled }).where(eq(users.id, userId));
  await userChanged(db, userId, { shown: false });
}

interface CompanionRow {
  trip_id: string;
  trip_to: string;
  trip_start: string;
  trip_end: string;
  my_id: string;
  my_to: string;
  my_start: string;
  my_end: string;
  user_id: string;
  first_name: string;
  last_name: string;
  username: string;
  profile_image: string;
  overlap_days: number;
}

/**
 * Travellers who turned matching on, whose upcoming trips go where one of the user's upcoming trips
 * goes, on dates that overlap: one row per pair of trips, soonest overlap first. Each of the user's
 * trips finds the others by the (destination_key, end_date) index. Empty unless the user's own
 * matching is on: only travellers who may be found may find others.
 */
export async function findCompanions(db: Db, userId: string): Promise<CompanionDto[]> {
  const rows = rowsOf<CompanionRow>(await db.execute(sql`
    select o.id as trip_id, o.to_place as trip_to, o.start_date::text as trip_start, o.end_date::text as trip_end,
      m.id as my_id, m.to_place as my_to, m.start_date::text as my_start, m.end_date::text as my_end,
      u.id as user_id, u.first_name, u.last_name, u.username, u.profile_image,
      (least(o.end_date, m.end_date) - greatest(o.start_date, m.start_date) + 1)::int as overlap_days
    from users me
    join trips m on m.user_id = me.id and m.end_date >= ${today}
    join trips o on o.destination_key = m.destination_key and o.end_date >= greatest(m.start_date, ${today})
      and o.start_date <= m.end_date and o.user_id <> me.id
    join users u on u.id = o.user_id and u.status = 'active' and u.companion_matching
    where me.id = ${userId} and me.companion_matching
      -- Blocked either way: neither finds the other.
      and not exists (select 1 from blocks b where (b.blocker_id = me.id and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = me.id))
    order by greatest(o.start_date, m.start_date), o.start_date, o.id, m.id
    limit ${LIST_MAX}`));
  return rows.map((row) => ({
    user: { _id: row.user_id, firstName: row.first_name, lastName: row.last_name, username: row.username, profileImage: row.profile_image },
    trip: { _id: row.trip_id, to: row.trip_to, startDate: row.trip_start, endDate: row.trip_end },
    myTrip: { _id: row.my_id, to: row.my_to, startDate: row.my_start, endDate: row.my_end },
    overlapDays: row.overlap_days,
  }));
}
