import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A member's choice of channels for one kind of notification (modules/notifications/kinds.ts).
 * No row: the kind's default. In the app is always on for messages (the service keeps it so).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  inApp: boolean('in_app').notNull(),
  email: boolean('email').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.kind] }),
]);

export const JOB_STATES = ['pending', 'done', 'failed'] as const;

/**
 * Work that must happen later and survive a restart (lib/jobs.ts): digest e-mails, event
 * reminders, and later push messages. Each instance's loop claims due rows with FOR UPDATE SKIP
 * LOCKED and a lease (`lockedUntil`), so a job runs on one instance at a time; a failed run is
 * tried again with backoff until `maxAttempts`. At most one pending job per (kind, key): scheduling
 * the same work twice is once.
 */
export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  key: text('key').notNull(),
  payload: jsonb('payload').notNull().default({}),
  state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
  runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Names the claim that holds the job: a run whose lease ran out (the job claimed again) changes nothing when it ends. */
  claimId: uuid('claim_id'),
  /** Asked again while a run held it: when that run ends, the job is due again at this time instead of done. */
  rerunAt: timestamp('rerun_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('jobs_pending_kind_key').on(t.kind, t.key).where(sql`${t.state} = 'pending'`),
  index('jobs_due_idx').on(t.runAt).where(sql`${t.state} = 'pending'`),
  index('jobs_finished_at_idx').on(t.finishedAt),
  check('jobs_state_check', sql`${t.state} in ('pending', 'done', 'failed')`),
]);
