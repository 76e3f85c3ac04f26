import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A traveller's planned trip (spec §3 trip request). `destinationKey` is `toPlace` folded for
 * matching (lower case, no accents, punctuation and spacing ignored: modules/trips/validation.ts),
 * so companions are found by one equality on an index rather than a function of every row.
 */
export const trips = pgTable('trips', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fromPlace: varchar('from_place', { length: 200 }).notNull(),
  toPlace: varchar('to_place', { length: 200 }).notNull(),
  destinationKey: varchar('destination_key', { length: 200 }).notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  peopleCount: integer('people_count').notNull(),
  budget: integer('budget').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => new Date()),
}, (t) => [
  index('trips_user_id_end_date_idx').on(t.userId, t.endDate),
  // Companions: same destination, then the date ranges compared among those few rows.
  index('trips_destination_key_end_date_idx').on(t.destinationKey, t.endDate),
  check('trips_dates_check', sql`${t.endDate} > ${t.startDate}`),
  check('trips_people_count_check', sql`${t.peopleCount} between 1 and 100`),
  check('trips_budget_check', sql`${t.budget} between 1 and 1000000000`),
]);
