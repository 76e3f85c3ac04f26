import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventUpdates, events } from '../../db/schema.js';
import { fail, type Checked } from '../../lib/checked.js';
import type { Owned } from '../../lib/owned.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { createNotifications } from '../notifications/service.js';
import { goingMembers } from './attendance.js';
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

/** An event's newest updates. */
export function listUpdates(db: Db, eventId: string) {
  return db.select({ id: eventUpdates.id, text: eventUpdates.text, createdAt: eventUpdates.createdAt }).from(eventUpdates)
    .where(eq(eventUpdates.eventId, eventId))
    .orderBy(desc(eventUpdates.createdAt), desc(eventUpdates.id))
    .limit(UPDATES_SHOWN);
}

/**
 * Stores the organiser's update and tells every member going (kind 'event', a link to the event),
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
    const told = (await goingMembers(tx, eventId)).filter((member) => member !== userId);
    await createNotifications(tx, told.map((member) => ({ userId: member, actorId: userId, ...notice.update(event.title, text), link: eventUrl(eventId) })));
    return { outcome: 'done', value: { update: toUpdateDto(row), told } } as const;
  });
}
