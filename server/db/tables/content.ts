import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, customType, date, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

// Content of spec §3. Created with the first issue so the demo seed can fill them;
// the modules that serve them come later.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const images = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
const owner = (name: string) => uuid(name).notNull().references(() => users.id, { onDelete: 'cascade' });
/** Set by a moderator (modules/moderation): the record is gone for everyone but its author, who is told why. */
export const hiddenAt = () => timestamp('hidden_at', { withTimezone: true });
export const hiddenReason = () => text('hidden_reason');
/**
 * The author is suspended: kept on the searched boards' rows by whatever suspends or lifts a suspension
 * (lib/suspension.ts), so the search's view filters on a column of the row, which Postgres plans
 * as it planned the search before (a join to users there made it sort whole boards).
 */
export const authorSuspended = () => boolean('author_suspended').notNull().default(false);
/** The few hidden records of a table, for the moderators' list of them. */
export const hiddenIndex = (name: string, column: AnyPgColumn) => index(name).on(column).where(sql`${column} is not null`);

// Search (modules/search): each board row carries `search_vector`, computed by Postgres from its own
// fields: English full-text lexemes, weighted A (the name), B (the category), C (the rest), for
// ranked word matches ('hostels' finds 'hostel'), with a GIN index (`searchIndex`) beside the
// board's time index. Typos are mended against `search_words` (tables/search.ts), the dictionary of
// those lexemes.
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const searchVector = (a: string, b: string, c: string) => tsvector('search_vector').generatedAlwaysAs(sql.raw(
  `setweight(to_tsvector('english', ${a}), 'A') || setweight(to_tsvector('english', ${b}), 'B') || setweight(to_tsvector('english', ${c}), 'C')`,
));
// Writes go straight into the index (fastupdate off): a pending list of recent rows would be read by every search.
const searchIndex = (name: string, column: AnyPgColumn) => index(name).using('gin', column).with({ fastupdate: false });

export const needs = pgTable('needs', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type', { enum: ['need', 'available'] }).notNull(),
  category: text('category').notNull(),
  serviceName: text('service_name').notNull(),
  description: text('description').notNull(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  images: images('images'),
  userId: owner('user_id'),
  createdAt: createdAt(),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
  authorSuspended: authorSuspended(),
  searchVector: searchVector('service_name', 'category', `description || ' ' || city || ' ' || state || ' ' || address`),
}, (t) => [
  check('needs_type_check', sql`${t.type} in ('need', 'available')`),
  index('needs_user_id_idx').on(t.userId),
  index('needs_created_at_idx').on(t.createdAt),
  searchIndex('needs_search_vector_idx', t.searchVector),
  // The map's layer: the points inside the visible bounds (modules/map).
  index('needs_latitude_longitude_idx').on(t.latitude, t.longitude),
  hiddenIndex('needs_hidden_at_idx', t.hiddenAt),
]);

export const events = pgTable('events', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  thumbnail: text('thumbnail').notNull().default(''),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  timeFrom: text('time_from').notNull().default(''),
  timeTo: text('time_to').notNull().default(''),
  address: text('address').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  url: text('url').notNull().default(''),
  /** At most this many going (null: no limit); past it, "Going" joins the waitlist (tables/attendance.ts). */
  capacity: integer('capacity'),
  /** The IANA zone its dates and times are in (the organiser's, from the browser): the .ics file's TZID. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** RFC 5545 SEQUENCE: raised by each edit of the time or the place, so calendars replace their copy. */
  sequence: integer('sequence').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: owner('created_by'),
  createdAt: createdAt(),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
  authorSuspended: authorSuspended(),
  searchVector: searchVector('title', `''`, `description || ' ' || address`),
}, (t) => [
  index('events_created_by_idx').on(t.createdBy),
  index('events_created_at_idx').on(t.createdAt),
  searchIndex('events_search_vector_idx', t.searchVector),
  index('events_start_date_idx').on(t.startDate),
  index('events_latitude_longitude_idx').on(t.latitude, t.longitude),
  hiddenIndex('events_hidden_at_idx', t.hiddenAt),
  check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} between 1 and 100000`),
]);

export const skills = pgTable('skills', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  customCategory: text('custom_category').notNull().default(''),
  contact: text('contact').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  /** Where the address is, when it was found (the map's layer shows only skills that have it). */
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  images: images('images'),
  portfolioImages: images('portfolio_images'),
  thumbnail: text('thumbnail').notNull().default(''),
  url: text('url').notNull().default(''),
  userId: owner('user_id'),
  createdAt: createdAt(),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
  authorSuspended: authorSuspended(),
  searchVector: searchVector('title', `category || ' ' || custom_category`, `description || ' ' || address`),
}, (t) => [
  index('skills_user_id_idx').on(t.userId),
  index('skills_created_at_idx').on(t.createdAt),
  searchIndex('skills_search_vector_idx', t.searchVector),
  index('skills_latitude_longitude_idx').on(t.latitude, t.longitude),
  hiddenIndex('skills_hidden_at_idx', t.hiddenAt),
]);

/** A travel challenge: steps to tick off, and the badge (with tokens) earned by finishing them all. */
export const challenges = pgTable('challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  participationSteps: images('participation_steps'),
  badge: text('badge').notNull().default(''),
  rewardTokens: integer('reward_tokens').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('challenges_created_at_idx').on(t.createdAt),
  check('challenges_reward_tokens_check', sql`${t.rewardTokens} between 0 and 1000`),
]);
