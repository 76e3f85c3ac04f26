import { and, asc, count, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { forget } from '../../db/cache.js';
import type { Db } from '../../db/client.js';
import { blocks, eventAttendees, events } from '../../db/schema.js';
import { createNotifications, type NewNotification } from '../notifications/service.js';
import { eventUrl } from './links.js';
import { notice } from './notices.js';

/** A member's answer to an event as stored; 'none' is no row. */
export type RsvpStatus = 'going' | 'interested' | 'waiting';
export type MyStatus = RsvpStatus | 'none';
/** What a member may ask for: to go (a place, or the waitlist when the event is full), to be interested, or neither. */
export type RsvpRequest = 'going' | 'interested' | 'none';

export interface Attendance {
  /** At most this many going; null: no limit. */
  capacity: number | null;
  going: number;
  interested: number;
  waiting: number;
  /** The caller's own answer ('none' for visitors). */
  myStatus: MyStatus;
  /** 1 for the first one waiting; null unless the caller is waiting. */
  waitlistPosition: number | null;
}

/** The event as a change of attendance needs it, read under its row lock. */
interface LockedEvent {
  id: string;
  title: string;
  capacity: number | null;
}

/**
 * Takes the event's row lock for the rest of the transaction (FOR NO KEY UPDATE: it serializes every
 * change of attendance, edit and deletion of the event, while inserts that only reference the event
 * do not wait for it). Every count and move below is read and written under it, so members asking
 * at once take turns, in the order they got the lock, on PGlite and PostgreSQL alike.
 */
export async function lockEvent(tx: Db, eventId: string): Promise<LockedEvent | undefined> {
  const [row] = await tx.select({ id: events.id, title: events.title, capacity: events.capacity })
    .from(events).where(eq(events.id, eventId)).for('no key update');
  return row;
}

/** The event's counts, and where `userId` stands (none for a visitor). */
export async function attendanceOf(db: Db, eventId: string, capacity: number | null, userId?: string): Promise<Attendance> {
  const [row] = await db.select({
    going: sql<number>`count(*) filter (where ${eventAttendees.status} = 'going')`.mapWith(Number),
    interested: sql<number>`count(*) filter (where ${eventAttendees.status} = 'interested')`.mapWith(Number),
    waiting: sql<number>`count(*) filter (where ${eventAttendees.status} = 'waiting')`.mapWith(Number),
  }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
  let myStatus: MyStatus = 'none';
  let waitlistPosition: number | null = null;
  if (userId) {
    const [mine] = await db.select({ status: eventAttendees.status, queuedAt: eventAttendees.queuedAt }).from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
    if (mine) myStatus = mine.status;
    if (mine?.status === 'waiting') {
      waitlistPosition = await db.$count(eventAttendees, and(
        eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'waiting'), sql`${eventAttendees.queuedAt} <= ${mine.queuedAt}`,
      ));
    }
  }
  return { capacity, going: row.going, interested: row.interested, waiting: row.waiting, myStatus, waitlistPosition };
}

async function goingCount(tx: Db, eventId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'going')));
  return row.n;
}

/**
 * Fills the free places from the waitlist, first come first served (by `queued_at`), under the
 * event's row lock (`lockEvent`); answers who moved up. With no capacity every one waiting moves up.
 * A capacity lowered below the number going takes no one's place: the free places are simply none
 * until enough have left.
 */
export async function promoteWaiting(tx: Db, event: LockedEvent): Promise<string[]> {
  const free = event.capacity === null ? null : Math.max(0, event.capacity - (await goingCount(tx, event.id)));
  if (free === 0) return [];
  const first = tx.select({ userId: eventAttendees.userId }).from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'waiting')))
    .orderBy(asc(eventAttendees.queuedAt))
    .limit(free ?? 100_000);
  const moved = await tx.update(eventAttendees).set({ status: 'going', updatedAt: sql`now()` })
    .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'waiting'), sql`${eventAttendees.userId} in (${first})`))
    .returning({ userId: eventAttendees.userId });
  return moved.map((row) => row.userId);
}

/** The notification of each member who moved up from the waitlist. */
export const movedUpNotices = (event: { id: string; title: string }, userIds: readonly string[]): NewNotification[] =>
  userIds.map((userId) => ({ userId, ...notice.movedUp(event.title), link: eventUrl(event.id) }));

export type RsvpResult = { outcome: 'missing' } | { outcome: 'done'; attendance: Attendance; movedUp: string[] };

/**
 * Sets a member's answer, in one transaction under the event's row lock:
 * - 'going': kept as it is when already going or waiting; otherwise a place when one is free and
 *   no one waits, else the end of the waitlist (a new `queued_at`: asking again goes to the back).
 * - 'interested' and 'none': a going member gives their place up, and the first one waiting moves
 *   up (notified, kind 'event').
 * The going count shows on the events list: its kept pages are forgotten when the transaction commits.
 */
export function setRsvp(db: Db, eventId: string, userId: string, request: RsvpRequest): Promise<RsvpResult> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) return { outcome: 'missing' } as const;
    const [current] = await tx.select({ status: eventAttendees.status }).from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
    const before: MyStatus = current?.status ?? 'none';
    const unchanged = request === 'going' ? before === 'going' || before === 'waiting' : request === before;
    let movedUp: string[] = [];
    if (!unchanged) {
      if (request === 'none') {
        await tx.delete(eventAttendees).where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
      } else {
        // Going joins the waitlist first and then takes a free place like anyone waiting: no one
        // passes those already in line. The identity default is drawn under the lock, so the line
        // is in the order the requests took it.
        const status = request === 'going' ? 'waiting' : 'interested';
        await tx.insert(eventAttendees).values({ eventId, userId, status })
          .onConflictDoUpdate({
            target: [eventAttendees.eventId, eventAttendees.userId],
            set: { status, queuedAt: sql`excluded.queued_at`, updatedAt: sql`now()` },
          });
      }
      if (request === 'going' || before === 'going') {
        const moved = await promoteWaiting(tx, event);
        // The member who asked sees their own answer; the others are told (those the event is shown to).
        movedUp = await goingToTell(tx, eventId, moved.filter((id) => id !== userId));
        await createNotifications(tx, movedUpNotices(event, movedUp));
      }
      await forget(tx, 'events-list');
    }
    return { outcome: 'done', attendance: await attendanceOf(tx, eventId, event.capacity, userId), movedUp } as const;
  });
}

/**
 * The members going to an event who are told of it (the organiser's update, the edit notice, the
 * cancellation, the reminder, a place that opened up), or of `only` those: the ones whose page of
 * it opens (lib/visibility.ts `seenBy`). So no one while moderators hide it or its organiser is
 * suspended, and never a member blocked either way with the organiser (the event answers them
 * 404: a notice would show its title and link to nothing).
 */
export async function goingToTell(db: Db, eventId: string, only?: readonly string[]): Promise<string[]> {
  if (only?.length === 0) return [];
  const rows = await db.select({ userId: eventAttendees.userId }).from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(
      eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'going'), only ? inArray(eventAttendees.userId, [...only]) : undefined,
      isNull(events.hiddenAt), eq(events.authorSuspended, false),
      notExists(db.select({ one: sql`1` }).from(blocks).where(or(
        and(eq(blocks.blockerId, events.createdBy), eq(blocks.blockedId, eventAttendees.userId)),
        and(eq(blocks.blockerId, eventAttendees.userId), eq(blocks.blockedId, events.createdBy)),
      ))),
    ))
    // The waitlist's order (queued_at), so those moved up are told in the order they moved.
    .orderBy(asc(eventAttendees.queuedAt));
  return rows.map((row) => row.userId);
}
