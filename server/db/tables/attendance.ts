import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './content.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const RSVP_STATUSES = ['going', 'interested', 'waiting'] as const;

/**
 * A member's answer to an event (modules/events): going, interested, or waiting for a place when
 * the event is full. One row per member and event, so answering twice is once. `queuedAt` orders
 * the waitlist: a number from a sequence, taken when the member asked to go, so the waitlist is in
 * the order the requests committed, with no ties.
 */
export const eventAttendees = pgTable('event_attendees', {
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: RSVP_STATUSES }).notNull(),
  queuedAt: bigint('queued_at', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.eventId, t.userId] }),
  index('event_attendees_event_status_queued_idx').on(t.eventId, t.status, t.queuedAt),
  index('event_attendees_user_id_idx').on(t.userId, t.status),
  check('event_attendees_status_check', sql`${t.status} in ('going', 'interested', 'waiting')`),
]);

/** An organiser's short update to the people going (modules/events), shown on the event's page. */
export const eventUpdates = pgTable('event_updates', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [
  index('event_updates_event_id_created_at_idx').on(t.eventId, t.createdAt),
  check('event_updates_text_length_check', sql`char_length(${t.text}) between 1 and 500`),
]);
