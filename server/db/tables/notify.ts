import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notifications, sessions, users } from './users.js';

/**
 * A member's choice of channels for one kind of notification (modules/notifications/kinds.ts).
 * No row: the kind's default. In the app is always on for messages (the service keeps it so).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  inApp: boolean('in_app').notNull(),
  email: boolean('email').notNull(),
  /**
   * Web push to the member's devices (push_subscriptions). Null: the kind's default (kinds.ts); rows
   * saved before push existed keep their in-app and e-mail choice and get the default for push.
   */
  push: boolean('push'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.kind] }),
]);

/**
 * One device (a browser's PushSubscription) that gets the member's web pushes
 * (modules/push). The endpoint is the push service's URL for that browser, unique: a device
 * signed in as another member moves to them. p256dh and auth are the browser's keys for
 * encrypting payloads (RFC 8291). Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The session that turned push on for the device: pushes go only while it is live, so signing
   * out (or a password change ending other sessions) stops them on a shared phone at once; the
   * row goes when the session row is pruned. Signing in again on the device turns it on again.
   */
  sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a push last reached it (the push service accepted one). */
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
  index('push_subscriptions_user_id_idx').on(t.userId),
]);

/**
 * Which devices a notification has reached, while it is still being pushed: a retry after one
 * device failed sends only to the devices missing here, never twice to the others. The rows go
 * when the notification is done (notifications.pushed_at), or with it or the device.
 */
export const pushDeliveries = pgTable('push_deliveries', {
  notificationId: uuid('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
  subscriptionId: uuid('subscription_id').notNull().references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
  index('push_deliveries_subscription_id_idx').on(t.subscriptionId),
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
