import type { Static } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAttendees, events, users } from '../../db/schema.js';
import type { Owned } from '../../lib/owned.js';
import { cursorOf, pageOf, pageResult } from '../../lib/pagination.js';
import type { EventSchema } from './schemas.js';
import type { EventInput } from './validation.js';
import { containsAny } from '../../lib/text.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { shownWhere, type Moderated, type Moderation } from '../../lib/visibility.js';
import { authorSuspendedAtInsert } from '../../lib/suspension.js';
import { eventUrl } from './links.js';
import { goingToTell, movedUpNotices, promoteWaiting } from './attendance.js';
import { notice } from './notices.js';
import { createNotifications } from '../notifications/service.js';
import { cancelReminder, scheduleReminder } from './reminders.js';

export type EventDto = Static<typeof EventSchema>;

export { eventUrl } from './links.js';

// Named columns only: the table also has the generated search columns, which no answer needs.
export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  thumbnail: events.thumbnail,
  startDate: events.startDate,
  endDate: events.endDate,
  timeFrom: events.timeFrom,
  timeTo: events.timeTo,
  address: events.address,
  latitude: events.latitude,
  longitude: events.longitude,
  createdAt: events.createdAt,
  capacity: events.capacity,
  timeZone: events.timeZone,
  // Through the (event_id, status, queued_at) index: one short range per event.
  goingCount: sql<number>`(select count(*) from ${eventAttendees} where ${eventAttendees.eventId} = ${events.id} and ${eventAttendees.status} = 'going')`.mapWith(Number),
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

type EventRow = Omit<NonNullable<Awaited<ReturnType<typeof findEvent>>>, keyof Moderated>;

/**
 * The Event of server/README.md. `url` is made from the id, whatever the stored column holds. The
 * organiser is named, never reached: the account's e-mail and number are the account's own, and
 * the event form has no contact of its own (modules/contact answers an event's Contact button).
 */
export function toEventDto(row: EventRow, moderation?: Moderation): EventDto {
  const coordinates = row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
  const createdBy: EventDto['createdBy'] = { _id: row.ownerId, firstName: row.ownerFirstName, lastName: row.ownerLastName };
  return {
    ...(moderation ? { moderation } : {}),
    _id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    startDate: row.startDate,
    endDate: row.endDate,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    address: row.address,
    location: { address: row.address, coordinates },
    url: eventUrl(row.id),
    createdBy,
    createdAt: row.createdAt.toISOString(),
    capacity: row.capacity,
    timeZone: row.timeZone,
    goingCount: row.goingCount,
  };
}

export interface EventFilter {
  /** Trimmed, non-empty: matched case-insensitively in the title, description or address. */
  q?: string;
  /** YYYY-MM-DD: events starting that day. */
  date?: string;
  limit: number;
  cursor?: string;
}

/** A page of events, newest first, and the cursor of the next page (null on the last one); without hidden posts, suspended members' and `excluded` authors'. */
export async function listEvents(db: Db, { q, date, limit, cursor }: EventFilter, excluded: readonly string[] = []) {
  const page = pageOf(events, cursor);
  const rows = await db.select({ ...eventColumns, cursor: cursorOf(events) })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .where(and(page.where, containsAny(q, [events.title, events.description, events.address]), date ? eq(events.startDate, date) : undefined,
      shownWhere(events.hiddenAt, events.createdBy, excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return pageResult(rows, limit);
}

export async function findEvent(db: Db, id: string) {
  const [row] = await db.select({
    ...eventColumns, authorId: users.id, authorStatus: users.status, hiddenAt: events.hiddenAt, hiddenReason: events.hiddenReason,
  }).from(events).innerJoin(users, eq(users.id, events.createdBy)).where(eq(events.id, id));
  return row;
}

/** Who owns an event and what an edit needs of it; undefined when there is no such event. */
export async function findOwnership(db: Db, id: string) {
  const [row] = await db.select({ createdBy: events.createdBy, thumbnail: events.thumbnail, startDate: events.startDate })
    .from(events).where(eq(events.id, id));
  return row;
}

/** The organiser fields of an Event, for the user who creates one. */
export async function findOrganiser(db: Db, userId: string) {
  const [row] = await db.select({
    ownerId: users.id,
    ownerFirstName: users.firstName,
    ownerLastName: users.lastName,
  }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Stores a new event under the id the caller chose, so its `url` column is written in the same
 * insert; resolves to what the database filled in (its creation time, and the capacity and time
 * zone a form without them gets).
 */
export async function insertEvent(db: Db, id: string, userId: string, input: EventInput, thumbnail: string, now = new Date()) {
  const [row] = await db.insert(events).values({
    id, createdBy: userId, ...input, thumbnail, url: eventUrl(id), authorSuspended: authorSuspendedAtInsert(userId),
  })
    .returning({ createdAt: events.createdAt, capacity: events.capacity, timeZone: events.timeZone });
  await scheduleReminder(db, id, { ...input, timeZone: row.timeZone }, now);
  await boardsChanged(db, 'events');
  return row;
}

/** What an edit compares to tell the people going: the time (in its zone) and the place. */
const TIME_AND_PLACE = ['startDate', 'endDate', 'timeFrom', 'timeTo', 'timeZone', 'address', 'latitude', 'longitude'] as const;
type TimeAndPlace = Pick<EventInput, (typeof TIME_AND_PLACE)[number]>;
const movedInTimeOrPlace = (before: TimeAndPlace, after: TimeAndPlace) => TIME_AND_PLACE.some((key) => before[key] !== after[key]);

/** What an edit did beyond the row: who was told (live, after the commit) and the replaced banner. */
export interface EventEdit {
  replaced?: string;
  /** Members notified: moved up from the waitlist, or going to an event whose time or place changed. */
  told: string[];
  /** The time or place changed (SEQUENCE was raised). */
  moved: boolean;
}

/**
 * Edits the event if `userId` owns it, keeping its banner unless `thumbnail` is given, and its
 * capacity and time zone unless the form sent them. The row lock makes concurrent edits each see
 * the banner the other replaced, so no file is orphaned, and orders the edit with the changes of
 * attendance (attendance.ts). A new time or place raises SEQUENCE (calendar apps replace their copy),
 * tells the members going (`goingToTell`) and sets the reminder anew; a capacity raised or removed moves the first
 * ones waiting up.
 */
export function updateEvent(db: Db, id: string, userId: string, input: EventInput, thumbnail: string | undefined, now: Date): Promise<Owned<EventEdit>> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({
      createdBy: events.createdBy, thumbnail: events.thumbnail, capacity: events.capacity,
      startDate: events.startDate, endDate: events.endDate, timeFrom: events.timeFrom, timeTo: events.timeTo, timeZone: events.timeZone,
      address: events.address, latitude: events.latitude, longitude: events.longitude,
    }).from(events).where(eq(events.id, id)).for('update');
    if (!old) return { outcome: 'missing' } as const;
    if (old.createdBy !== userId) return { outcome: 'forbidden' } as const;
    const next = { capacity: old.capacity, timeZone: old.timeZone, ...input };
    const moved = movedInTimeOrPlace(old as TimeAndPlace, next);
    await tx.update(events).set({
      ...input, ...(thumbnail === undefined ? {} : { thumbnail }), updatedAt: sql`now()`,
      ...(moved ? { sequence: sql`${events.sequence} + 1` } : {}),
    }).where(eq(events.id, id));
    const told: string[] = [];
    if (next.capacity !== old.capacity) {
      const movedUp = await goingToTell(tx, id, await promoteWaiting(tx, { id, title: next.title, capacity: next.capacity }));
      await createNotifications(tx, movedUpNotices({ id, title: next.title }, movedUp));
      told.push(...movedUp);
    }
    if (moved) {
      const going = (await goingToTell(tx, id)).filter((member) => member !== userId && !told.includes(member));
      await createNotifications(tx, going.map((member) => ({ userId: member, actorId: userId, ...notice.changed(next.title, next), link: eventUrl(id) })));
      told.push(...going);
      await scheduleReminder(tx, id, next, now);
    }
    await boardsChanged(tx, 'events');
    return { outcome: 'done', value: { replaced: thumbnail === undefined ? undefined : old.thumbnail, told, moved } } as const;
  });
}

/**
 * Deletes the event if `userId` owns it; resolves to its banner (the caller deletes that file) and
 * the members who were going, told it is cancelled (their answers go with the event; `goingToTell`:
 * those the event was shown to).
 */
export function deleteEvent(db: Db, id: string, userId: string): Promise<Owned<{ thumbnail: string; told: string[] }>> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ createdBy: events.createdBy, thumbnail: events.thumbnail, title: events.title })
      .from(events).where(eq(events.id, id)).for('update');
    if (!old) return { outcome: 'missing' } as const;
    if (old.createdBy !== userId) return { outcome: 'forbidden' } as const;
    const going = (await goingToTell(tx, id)).filter((member) => member !== userId);
    // No link: the page goes with the event.
    await createNotifications(tx, going.map((member) => ({ userId: member, actorId: userId, ...notice.cancelled(old.title) })));
    await tx.delete(events).where(eq(events.id, id));
    await cancelReminder(tx, id);
    await boardsChanged(tx, 'events');
    return { outcome: 'done', value: { thumbnail: old.thumbnail, told: going } } as const;
  });
}
