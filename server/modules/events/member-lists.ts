import { and, asc, eq, gte, isNotNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAttendees, events, users } from '../../db/schema.js';
import { shownWhere } from '../../lib/visibility.js';
import type { CalendarEvent } from './calendar.js';
import type { MyStatus } from './attendance.js';
import { eventColumns, toEventDto, type EventDto } from './service.js';
import { earliestStartDay } from './validation.js';

// The lists about members and events: who is going to one, the events of one member (their
// profile's "My events"), and what their calendar feed holds.

/** The list of who is going shows this many, in the order they asked. */
export const ATTENDEES_SHOWN = 100;
/** Each of a member's own lists holds at most this many. */
export const MY_EVENTS_SHOWN = 100;
/** The feed keeps an event this many days after it ended, so a calendar does not lose it at once. */
export const FEED_KEEPS_DAYS = 30;

/**
 * The members going, with active accounts, but those in `excluded` (blocked by the reader or
 * blocking them): names and pictures only.
 */
export function attendeesOf(db: Db, eventId: string, excluded: readonly string[]) {
  return db.select({
    _id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImage: users.profileImage,
  }).from(eventAttendees).innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(and(
      eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'going'), eq(users.status, 'active'),
      excluded.length > 0 ? notInArray(users.id, [...excluded]) : undefined,
    ))
    .orderBy(asc(eventAttendees.queuedAt))
    .limit(ATTENDEES_SHOWN);
}

export type MyEvent = EventDto & { myStatus: MyStatus };

/**
 * A member's events in four lists: upcoming ones they are going to (or waiting for a place at),
 * are interested in, or organise, soonest first; and the ones that ended which they went to or
 * organised, latest first. An event has ended once its end day is before the earliest day the
 * event form still accepts as a start (validation.ts: the server's UTC day minus one). Other
 * members' events they may no longer see (hidden, the organiser suspended or blocked either way)
 * are left out; their own are all there.
 */
export async function myEvents(db: Db, userId: string, excluded: readonly string[], now: Date) {
  const rows = await db.select({ ...eventColumns, myStatus: eventAttendees.status })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .leftJoin(eventAttendees, and(eq(eventAttendees.eventId, events.id), eq(eventAttendees.userId, userId)))
    .where(and(
      or(eq(events.createdBy, userId), isNotNull(eventAttendees.userId)),
      or(eq(events.createdBy, userId), shownWhere(events.hiddenAt, events.createdBy, excluded)),
    ))
    .orderBy(asc(events.startDate), asc(events.timeFrom), asc(events.createdAt));
  const today = earliestStartDay(now);
  const lists = { going: [] as MyEvent[], interested: [] as MyEvent[], organised: [] as MyEvent[], past: [] as MyEvent[] };
  const add = (list: MyEvent[], event: MyEvent) => {
    if (list.length < MY_EVENTS_SHOWN) list.push(event);
  };
  for (const row of rows) {
    const event: MyEvent = { ...toEventDto(row), myStatus: row.myStatus ?? 'none' };
    const organised = row.ownerId === userId;
    if (row.endDate < today) {
      if (organised || row.myStatus === 'going') lists.past.unshift(event);
      continue;
    }
    if (row.myStatus === 'going' || row.myStatus === 'waiting') add(lists.going, event);
    if (row.myStatus === 'interested') add(lists.interested, event);
    if (organised) add(lists.organised, event);
  }
  lists.past.sort((a, b) => b.endDate.localeCompare(a.endDate));
  lists.past.splice(MY_EVENTS_SHOWN);
  return lists;
}

const calendarColumns = {
  id: events.id, title: events.title, description: events.description, address: events.address,
  latitude: events.latitude, longitude: events.longitude, startDate: events.startDate, endDate: events.endDate,
  timeFrom: events.timeFrom, timeTo: events.timeTo, timeZone: events.timeZone, sequence: events.sequence,
  createdAt: events.createdAt, updatedAt: events.updatedAt,
};

/** One event as its calendar file needs it (whether the reader may see it is the route's check). */
export async function calendarEventOf(db: Db, eventId: string): Promise<CalendarEvent | undefined> {
  const [row] = await db.select(calendarColumns).from(events).where(eq(events.id, eventId));
  return row;
}

/** Whose feed a secret opens: an active member's; undefined for any other secret. */
export async function feedOwner(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.calendarToken, token), eq(users.status, 'active')));
  return row?.id;
}

/**
 * A member's feed: the events they are going to (with a place, not waiting), from those that ended
 * in the last 30 days on, that they may see; soonest first.
 */
export function feedEvents(db: Db, userId: string, excluded: readonly string[], now: Date): Promise<CalendarEvent[]> {
  const since = new Date(now.getTime() - FEED_KEEPS_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return db.select(calendarColumns).from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .innerJoin(users, eq(users.id, events.createdBy))
    .where(and(
      eq(eventAttendees.userId, userId), eq(eventAttendees.status, 'going'), gte(events.endDate, since),
      or(eq(events.createdBy, userId), shownWhere(events.hiddenAt, events.createdBy, excluded)),
    ))
    .orderBy(asc(events.startDate), asc(events.timeFrom))
    .limit(500);
}
