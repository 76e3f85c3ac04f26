import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** What can be reported, hidden or restored (a user only reported, and suspended). */
export const ITEM_TYPES = ['user', 'whisper', 'need', 'event', 'skill', 'message', 'comment'] as const;
export const REPORT_REASONS = ['spam', 'scam', 'harassment', 'unsafe-meeting', 'inappropriate', 'other'] as const;
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'suspend', 'unsuspend'] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A member blocking another (modules/blocks): a row keyed by the pair, so blocking twice is once.
 * Its effects go both ways (neither messages, follows, befriends nor sees the other's posts).
 */
export const blocks = pgTable('blocks', {
  blockerId: uuid('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  blockedId: uuid('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.blockerId, t.blockedId] }),
  index('blocks_blocked_id_idx').on(t.blockedId),
  check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
]);

/**
 * A member's report of an item (modules/reports), open until a moderator acts on the item
 * (`closedAt`). One open report per reporter per item: a partial unique index, so two at once make one.
 * The item is named by type and id, not by a foreign key: a report outlives what it reported.
 */
export const reports = pgTable('reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
  itemId: uuid('item_id').notNull(),
  reason: text('reason', { enum: REPORT_REASONS }).notNull(),
  details: text('details').notNull().default(''),
  createdAt: createdAt(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('reports_open_reporter_item_key').on(t.reporterId, t.itemType, t.itemId).where(sql`${t.closedAt} is null`),
  index('reports_open_item_idx').on(t.itemType, t.itemId, t.createdAt).where(sql`${t.closedAt} is null`),
  check('reports_item_type_check', sql`${t.itemType} in (${inList(ITEM_TYPES)})`),
  check('reports_reason_check', sql`${t.reason} in (${inList(REPORT_REASONS)})`),
  check('reports_details_length_check', sql`char_length(${t.details}) <= 1000`),
]);

/**
 * The audit log: every moderation action, by whom (kept by name too, should the moderator's account
 * go), on what, why and when.
 */
export const moderationActions = pgTable('moderation_actions', {
  id: uuid('id').primaryKey().defaultRandom(),
  moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
  moderatorUsername: text('moderator_username').notNull(),
  action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
  itemType: text('item_type', { enum: ITEM_TYPES }).notNull(),
  itemId: uuid('item_id').notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [
  index('moderation_actions_created_at_idx').on(t.createdAt),
  check('moderation_actions_action_check', sql`${t.action} in (${inList(MODERATION_ACTIONS)})`),
]);
