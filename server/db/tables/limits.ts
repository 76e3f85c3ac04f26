import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per counted hit on a limited action (lib/quota.ts): failed or pending logins per account,
 * code sends and failed code checks per address, registrations and uploads per caller. Keys are
 * namespaced (`login:user:<id>`, `otp-send:email:<address>`, ...). In Postgres, so every instance
 * counts the same hits and a restart forgets none.
 */
export const limitHits = pgTable('limit_hits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('limit_hits_key_created_at_idx').on(t.key, t.createdAt),
  index('limit_hits_created_at_idx').on(t.createdAt),
]);
