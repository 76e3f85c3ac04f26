import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { challenges, hiddenAt, hiddenIndex, hiddenReason } from './content.js';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name: string) => uuid(name).notNull().references(() => users.id, { onDelete: 'cascade' });

export const whispers = pgTable('whispers', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  images: text('images').array().notNull().default(sql`'{}'::text[]`),
  location: text('location').notNull().default(''),
  category: text('category').notNull().default(''),
  userId: userRef('user_id'),
  createdAt: createdAt(),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
}, (t) => [
  index('whispers_user_id_idx').on(t.userId),
  index('whispers_created_at_idx').on(t.createdAt),
  hiddenIndex('whispers_hidden_at_idx', t.hiddenAt),
]);

// Likes, follows and participations are rows with a composite key, so a toggle is one
// INSERT ... ON CONFLICT DO NOTHING or DELETE, and counts come from rows.
export const whisperLikes = pgTable('whisper_likes', {
  whisperId: uuid('whisper_id').notNull().references(() => whispers.id, { onDelete: 'cascade' }),
  userId: userRef('user_id'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.whisperId, t.userId] }),
  index('whisper_likes_user_id_idx').on(t.userId),
]);

export const follows = pgTable('follows', {
  followerId: userRef('follower_id'),
  followeeId: userRef('followee_id'),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.followerId, t.followeeId] }),
  index('follows_followee_id_idx').on(t.followeeId),
  check('follows_not_self_check', sql`${t.followerId} <> ${t.followeeId}`),
]);

/**
 * A user taking part in a challenge: the steps ticked off (their indexes), and when the last one was,
 * which earned the badge (set once: the tokens are paid once).
 */
export const challengeParticipants = pgTable('challenge_participants', {
  challengeId: uuid('challenge_id').notNull().references(() => challenges.id, { onDelete: 'cascade' }),
  userId: userRef('user_id'),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  completedSteps: integer('completed_steps').array().notNull().default(sql`'{}'::integer[]`),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  primaryKey({ columns: [t.challengeId, t.userId] }),
  index('challenge_participants_user_id_idx').on(t.userId),
]);

/**
 * A friend request, answered once: pending, then accepted (the two are friends) or rejected. At
 * most one pending request between two users, whichever sent it (a unique index on the unordered
 * pair), and one accepted one; a user never asks themselves.
 */
export const friendRequests = pgTable('friend_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  senderId: userRef('sender_id'),
  receiverId: userRef('receiver_id'),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
  createdAt: createdAt(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  index('friend_requests_receiver_status_idx').on(t.receiverId, t.status),
  index('friend_requests_sender_idx').on(t.senderId),
  uniqueIndex('friend_requests_pending_pair_key')
    .on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`)
    .where(sql`${t.status} = 'pending'`),
  uniqueIndex('friend_requests_accepted_pair_key')
    .on(sql`least(${t.senderId}, ${t.receiverId})`, sql`greatest(${t.senderId}, ${t.receiverId})`)
    .where(sql`${t.status} = 'accepted'`),
  check('friend_requests_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
  check('friend_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
]);

/**
 * A direct message between two users. `readAt` is set when the receiver opens the conversation. The
 * (receiver, sender, created) and (sender, receiver, created) indexes serve a conversation's pages
 * and the inbox's latest message per conversation.
 */
export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  senderId: userRef('sender_id'),
  receiverId: userRef('receiver_id'),
  content: text('content').notNull(),
  createdAt: createdAt(),
  readAt: timestamp('read_at', { withTimezone: true }),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
}, (t) => [
  index('messages_receiver_sender_created_idx').on(t.receiverId, t.senderId, t.createdAt),
  index('messages_sender_receiver_created_idx').on(t.senderId, t.receiverId, t.createdAt),
  // A member's unread messages by age: what the e-mail digest reads (modules/notifications/digest.ts).
  index('messages_receiver_unread_idx').on(t.receiverId, t.createdAt).where(sql`${t.readAt} is null`),
  hiddenIndex('messages_hidden_at_idx', t.hiddenAt),
  check('messages_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
  check('messages_content_length_check', sql`char_length(${t.content}) between 1 and 2000`),
]);

/**
 * Comments under a whisper (modules/comments): one level of replies (`parentId` names a top-level
 * comment of the same whisper), newest last. Deleting the whisper, the author or the parent deletes them.
 */
export const whisperComments = pgTable('whisper_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  whisperId: uuid('whisper_id').notNull().references(() => whispers.id, { onDelete: 'cascade' }),
  userId: userRef('user_id'),
  parentId: uuid('parent_id').references((): AnyPgColumn => whisperComments.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  hiddenAt: hiddenAt(),
  hiddenReason: hiddenReason(),
}, (t) => [
  index('whisper_comments_whisper_id_created_at_idx').on(t.whisperId, t.createdAt),
  index('whisper_comments_parent_id_created_at_idx').on(t.parentId, t.createdAt),
  index('whisper_comments_user_id_idx').on(t.userId),
  check('whisper_comments_text_length_check', sql`char_length(${t.text}) between 1 and 1000`),
]);
