import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Creates that carried an `Idempotency-Key` header (lib/idempotency.ts): per user and key, the
 * answer first given, so a retried create (a phone that lost the answer) makes one record and gets
 * the same answer again. Rows older than a day are pruned.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** The route the key was used on: the same key on another route is a client error. */
  route: text('route').notNull(),
  statusCode: integer('status_code'),
  answer: jsonb('answer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.key] }),
  index('idempotency_keys_created_at_idx').on(t.createdAt),
]);
