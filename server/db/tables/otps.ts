import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const OTP_PURPOSES = ['password-reset', 'email-change'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * One-time codes (modules/otp). Only an HMAC of the code is stored. At most one unused code per user
 * and purpose (the partial unique index): a new send replaces it in one upsert. `attempts` counts
 * wrong tries; verification is one UPDATE, so concurrent tries are counted and a code is used once.
 */
export const otps = pgTable('otps', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
  /** The (lower-cased) address the code was sent to. */
  email: varchar('email', { length: 254 }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('otps_user_id_purpose_unused_key').on(t.userId, t.purpose).where(sql`${t.usedAt} is null`),
  index('otps_purpose_email_idx').on(t.purpose, t.email),
  index('otps_expires_at_idx').on(t.expiresAt),
  check('otps_purpose_check', sql`${t.purpose} in ('password-reset', 'email-change')`),
]);
