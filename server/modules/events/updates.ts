import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventAttendees, eventUpdates, events } from '../../db/schema.js';
import { fail, type Checked } from '../../lib/checked.js';
import type { Owned } from '../../lib/owned.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { createNotifications } from '../notifications/service.js';
import { goingToTell } from './attendance.js';
import { eventUrl } from './links.js';
import { notice } from './notices.js';

/** An organiser's update is short: at most this many characters (the table's check). */
export const UPDATE_MAX = 500;
/** How many of an event's updates its page shows, newest first. */
export const UPDATES_SHOWN = 50;

export const UPDATE_REQUIRED = 'Please write your update.';
export const UPDATE_TOO_LONG = `An update must be at most ${UPDATE_MAX} characters.`;

/** The text as stored: trimmed, line breaks as \n, 1 to 500 characters. */
export function checkUpdateText(raw: string | undefined): Checked<string> {
  const text = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (!text) return fail(UPDATE_REQUIRED, 'text');
  if (controlCharsExceptBreaks.test(text)) return fail('The update contains invalid characters.', 'text');
  if (text.length > UPDATE_MAX) return fail(UPDATE_TOO_LONG, 'text');
  return { ok: true, value: text };
}

export const toUpdateDto = (row: { id: string; text: string; createdAt: Date }) => ({ _id: row.id, text: row.text, createdAt: row.createdAt.toISOString() });

/** The 403 of `GET /api/events/:id/updates` for a member who is neither the organiser nor going. */
export const UPDATES_FOR_THE_PEOPLE_GOING = 'Updates from the organiser are shared with the people going.';

/**
 * Whether a member may read an event's updates: they are addressed to the people going (a meeting
 * point, a door code), so the organiser and the members going or waiting for a place (who may get
 * one at any moment), not those only interested.
 */
export async function readsUpdates(db: Db, eventId: string, organiserId: string, userId: string): Promise<boolean> {
  if (userId === organiserId) return true;
  const count = await db.$count(eventAttendees, and(
    eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId), inArray(eventAttendees.status, ['going', 'waiting']),
  ));
  return count > 0;
}

/** An event's newest updates. */
export function listUpdates(db: Db, eventId: string) {
  return db.select({ id: eventUpdates.id, text: eventUpdates.text, createdAt: eventUpdates.createdAt }).from(eventUpdates)
    .where(eq(eventUpdates.eventId, eventId))
    .orderBy(desc(eventUpdates.createdAt), desc(eventUpdates.id))
    .limit(UPDATES_SHOWN);
}

/**
 * Stores the organiser's update and tells the members going (kind 'event', a link to the event;
 * `goingToTell`: not those blocked either way with the organiser, no one while the event is hidden),
 * in one transaction; under the event's row lock, so a member who takes a place at that moment is
 * either told or finds the update on the page.
 */
export function postUpdate(db: Db, eventId: string, userId: string, text: string): Promise<Owned<{ update: ReturnType<typeof toUpdateDto>; told: string[] }>> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select({ createdBy: events.createdBy, title: events.title }).from(events).where(eq(events.id, eventId)).for('no key update');
    if (!event) return { outcome: 'missing' } as const;
    if (event.createdBy !== userId) return { outcome: 'forbidden' } as const;
    const [row] = await tx.insert(eventUpdates).values({ eventId, text })
      .returning({ id: eventUpdates.id, text: eventUpdates.text, createdAt: eventUpdates.createdAt });
    const told = (await goingToTell(tx, eventId)).filter((member) => member !== userId);
    await createNotifications(tx, told.map((member) => ({ userId: member, actorId: userId, ...notice.update(event.title, text), link: eventUrl(eventId) })));
    return { outcome: 'done', value: { update: toUpdateDto(row), told } } as const;
  });
}
