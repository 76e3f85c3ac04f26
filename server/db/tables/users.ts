import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// The unique index names are part of the contract with lib/db-errors.ts, which maps
// a unique violation (23505) to the registration message by constraint name.
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: varchar('first_name', { length: 50 }).notNull(),
  lastName: varchar('last_name', { length: 50 }).notNull(),
  username: varchar('username', { length: 30 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  contactNumber: varchar('contact_number', { length: 16 }).notNull(),
  passwordHash: text('password_hash').notNull(),
  profileImage: text('profile_image').notNull().default(''),
  tokens: integer('tokens').notNull().default(0),
  bio: text('bio').notNull().default(''),
  location: text('location').notNull().default(''),
  gender: text('gender').notNull().default(''),
  status: text('status', { enum: ['active', 'deactivated', 'suspended'] }).notNull().default('active'),
  /** 'moderator' opens the moderation routes (granted from the command line only: `npm run moderator`). */
  role: text('role', { enum: ['member', 'moderator'] }).notNull().default('member'),
  /** While status is 'suspended': why, since when, and until when (null: until a moderator lifts it). */
  suspensionReason: text('suspension_reason'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
  /** Listed to travellers whose trips overlap theirs (/companions): off until the user turns it on. */
  companionMatching: boolean('companion_matching').notNull().default(false),
  /** The secret in the member's private calendar feed URL (events they are going to); null: no feed. Revocable from Settings. */
  calendarToken: text('calendar_token'),
  /**
   * The e-mail digest (modules/notifications/digest.ts) has dealt with the messages to this member
   * made up to here: e-mailed the unread ones, skipped the read. Starts when the account (or this
   * column) does, so a first digest never dredges up old unread messages.
   */
  messagesMailedUntil: timestamp('messages_mailed_until', { withTimezone: true }).notNull().defaultNow(),
  /** When the last digest e-mail went to this member (null: none yet): the next one waits a whole delay after it. */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(() => new Date()),
}, (t) => [
  uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  uniqueIndex('users_contact_number_key').on(t.contactNumber),
  index('users_created_at_idx').on(t.createdAt),
  uniqueIndex('users_calendar_token_key').on(t.calendarToken),
  check('users_status_check', sql`${t.status} in ('active', 'deactivated', 'suspended')`),
  check('users_role_check', sql`${t.role} in ('member', 'moderator')`),
]);

/** One row per issued token: logout, password change and account deletion end it. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** When the password was last proved in this session (sign-in, or a confirm): "sudo mode" starts here. */
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sessions_user_id_idx').on(t.userId),
  index('sessions_expires_at_idx').on(t.expiresAt),
]);

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 120 }).notNull(),
  body: text('body').notNull().default(''),
  read: boolean('read').notNull().default(false),
  /**
   * Shown in the app (the list and the badge). False: the member turned the kind off in the app but
   * wants it by e-mail; the row only waits for the digest, which marks it read once it has sent it.
   */
  inApp: boolean('in_app').notNull().default(true),
  /** What it is about (modules/notifications/kinds.ts): the member's preferences are chosen per kind. */
  kind: text('kind').notNull().default('general'),
  /** The SPA path it opens ('' for none), e.g. /messages/<userId> or /whispers/whisper-detail/<id>. */
  link: text('link').notNull().default(''),
  /** The member wanted this kind by e-mail when it was made: the digest job (modules/notifications) picks it up while it is unread. */
  email: boolean('email').notNull().default(false),
  /** When a digest e-mail carried it: never twice. */
  emailedAt: timestamp('emailed_at', { withTimezone: true }),
  /**
   * To be pushed to the member's devices (modules/push): they wanted this kind by push and had a
   * device when it was made. The push job picks it up while it is unread.
   */
  push: boolean('push').notNull().default(false),
  /** When the push job was done with it (each device reached, or gone): never twice. */
  pushedAt: timestamp('pushed_at', { withTimezone: true }),
  /**
   * The member whose doing it tells (the liker, the follower, the commenter, the organiser), if
   * any: the digest sends nothing of a member blocked either way or no longer active. Their
   * notifications go with their account, as their likes and comments do.
   */
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
  /**
   * The comment it quotes (a comment or a reply), if any: the digest sends nothing of one deleted or
   * hidden meanwhile. No foreign key: the notification stays in the app's list after the comment
   * goes, as a like's does after the unlike (and tables/social.ts already imports this file).
   */
  commentId: uuid('comment_id'),
  createdAt: createdAt(),
}, (t) => [
  index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt),
  // Deleting an account deletes the notifications it caused (actor_id's foreign key).
  index('notifications_actor_id_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
  index('notifications_email_pending_idx').on(t.userId, t.createdAt).where(sql`${t.email} and ${t.emailedAt} is null and not ${t.read}`),
  index('notifications_push_pending_idx').on(t.userId, t.createdAt).where(sql`${t.push} and ${t.pushedAt} is null`),
]);
