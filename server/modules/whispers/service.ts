import type { Static } from '@fastify/type-provider-typebox';
import { and, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { blocks, follows, users, whispers } from '../../db/schema.js';
import { createNotification } from '../notifications/service.js';
import type { Owned } from '../../lib/owned.js';
import { cursorOf, pageOf, pageResult } from '../../lib/pagination.js';
import type { PublicProfileAnswer, WhisperSchema } from './schemas.js';
import { MAX_WHISPER_IMAGES, type WhisperFields } from './validation.js';
import { fail } from '../../lib/checked.js';
import { invalid } from '../../lib/http-error.js';
import { containsAny } from '../../lib/text.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { type Moderated, type Moderation, shownWhere } from '../../lib/visibility.js';
import { LONGEST_WINDOW_MS, tryTakeHits } from '../../lib/quota.js';
import { hiddenAuthorsFor, lockPair } from '../../lib/blocks.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { commentCountOf } from '../comments/service.js';

export type WhisperDto = Static<typeof WhisperSchema>;
type ProfileDto = Omit<Static<typeof PublicProfileAnswer>['profile'], 'friendStatus'>;

/** A public profile lists this many of the newest followers and posts (the counts are whole). */
export const PROFILE_FOLLOWERS = 50;
export const PROFILE_POSTS = 50;

// Likes come from their rows, so the count always equals the rows (no counter column to drift). The
// outer row's id is named with its table: a bare column in a subquery would be read as the subquery's.
const likesOf = sql<string[]>`array(select l.user_id::text from whisper_likes l where l.whisper_id = ${sql.identifier('whispers')}.${sql.identifier('id')} order by l.created_at, l.user_id)`;

const whisperColumns = {
  id: whispers.id,
  title: whispers.title,
  description: whispers.description,
  location: whispers.location,
  category: whispers.category,
  images: whispers.images,
  createdAt: whispers.createdAt,
  likes: likesOf.as('likes'),
  authorId: users.id,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorProfileImage: users.profileImage,
};

/** A whisper with its author and likes, as read (the columns above). */
type WhisperRow = Omit<NonNullable<Awaited<ReturnType<typeof findWhisper>>>, Exclude<keyof Moderated, 'authorId'>>;

export function toWhisperDto(row: WhisperRow, moderation?: Moderation): WhisperDto {
  return {
    ...(moderation ? { moderation } : {}),
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category,
    images: row.images,
    likes: row.likes,
    likesCount: row.likes.length,
    commentCount: row.commentCount,
    createdAt: row.createdAt.toISOString(),
    user: {
      _id: row.authorId, username: row.authorUsername, firstName: row.authorFirstName, lastName: row.authorLastName, profileImage: row.authorProfileImage,
    },
  };
}

/**
 * A page of whispers, newest first; `q` matches the title, story, location or category,
 * case-insensitively. Without hidden posts, suspended members' and `excluded` authors'.
 */
export async function listWhispers(db: Db, { q, limit, cursor }: { q?: string; limit: number; cursor?: string }, excluded: readonly string[] = []) {
  const page = pageOf(whispers, cursor);
  const rows = await db.select({ ...whisperColumns, commentCount: commentCountOf(excluded), cursor: cursorOf(whispers) })
    .from(whispers).innerJoin(users, eq(users.id, whispers.userId))
    .where(and(page.where, containsAny(q, [whispers.title, whispers.description, whispers.location, whispers.category]),
      shownWhere(whispers.hiddenAt, whispers.userId, excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return pageResult(rows, limit);
}

/** A whisper with its author; `commentCount` leaves out the comments of `excluded` (a viewer's blocks, lib/blocks.ts). */
export async function findWhisper(db: Db, id: string, excluded: readonly string[] = []) {
  const [row] = await db.select({
    ...whisperColumns, commentCount: commentCountOf(excluded), authorStatus: users.status, hiddenAt: whispers.hiddenAt, hiddenReason: whispers.hiddenReason,
  }).from(whispers).innerJoin(users, eq(users.id, whispers.userId)).where(eq(whispers.id, id));
  return row;
}

/** Who owns a whisper and its files (for the owner-only calls). */
export async function findOwnership(db: Db, id: string) {
  const [row] = await db.select({ userId: whispers.userId, images: whispers.images }).from(whispers).where(eq(whispers.id, id));
  return row;
}

/** The author as a Whisper shows them, if the account is active. */
export async function findAuthor(db: Db, userId: string) {
  const [row] = await db.select({
    authorId: users.id, authorUsername: users.username, authorFirstName: users.firstName, authorLastName: users.lastName, authorProfileImage: users.profileImage,
  }).from(users).where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row;
}

export async function insertWhisper(db: Db, id: string, userId: string, fields: WhisperFields, images: string[]): Promise<Date> {
  const [row] = await db.insert(whispers).values({ id, userId, ...fields, images }).returning({ createdAt: whispers.createdAt });
  await boardsChanged(db, 'whispers');
  return row.createdAt;
}

/**
 * Saves an edit: the fields, and the images (kept ones first, then the new ones). `kept` is the list
 * the form named, or 'all' when it named none: then every image the row has now stays, one that
 * another edit added meanwhile too (a list read before the lock would drop it, though both edits
 * answered 200). Resolves to the files no longer named by the row, which the caller deletes after
 * the commit. The row is locked, so two edits at once each see what the other left; a kept image the
 * other dropped answers 'changed', and kept plus new images over the limit a 400.
 */
export function updateWhisper(db: Db, id: string, userId: string, fields: WhisperFields, kept: string[] | 'all', added: string[]): Promise<Owned<{ dropped: string[] }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: whispers.userId, images: whispers.images }).from(whispers).where(eq(whispers.id, id)).for('update');
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId) return { outcome: 'forbidden' };
    const stay = kept === 'all' ? row.images : kept;
    if (stay.some((path) => !row.images.includes(path))) return { outcome: 'changed' };
    const images = [...stay, ...added];
    if (images.length > MAX_WHISPER_IMAGES) throw invalid(fail(`Maximum ${MAX_WHISPER_IMAGES} images allowed.`, 'images'));
    await tx.update(whispers).set({ ...fields, images }).where(eq(whispers.id, id));
    await boardsChanged(tx, 'whispers');
    return { outcome: 'done', value: { dropped: row.images.filter((path) => !images.includes(path)) } };
  });
}

/** Deletes the caller's whisper (its likes go with it); resolves to its files. */
export function deleteWhisper(db: Db, id: string, userId: string): Promise<Owned<{ files: string[] }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: whispers.userId }).from(whispers).where(eq(whispers.id, id)).for('update');
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId) return { outcome: 'forbidden' };
    const [gone] = await tx.delete(whispers).where(eq(whispers.id, id)).returning({ images: whispers.images });
    await boardsChanged(tx, 'whispers');
    return { outcome: 'done', value: { files: gone.images } };
  });
}


/**
 * Likes the whisper for the user, or takes the like back if there was one. The whisper's row is
 * locked first, so toggles of one whisper take turns: on PostgreSQL two clicks at once are a like
 * and an unlike, never two likes of which one is dropped (and the same for n clicks). The owner
 * hears of a new like by someone else. Undefined when there is no such whisper.
 */
export async function toggleLike(db: Db, whisperId: string, userId: string) {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ id: string }>(await tx.execute(sql`select id from whispers where id = ${whisperId} for update`));
    if (!locked) return undefined;
    const [changed] = rowsOf<{ added: boolean }>(await tx.execute(sql`
      with gone as (
        delete from whisper_likes where whisper_id = ${whisperId} and user_id = ${userId} returning 1
      ), added as (
        insert into whisper_likes (whisper_id, user_id)
        select ${whisperId}, ${userId} where not exists (select 1 from gone)
        on conflict do nothing returning 1
      )
      select exists (select 1 from added) as added`));
    await boardsChanged(tx, 'whispers'); // the list shows each whisper's likes
    const [row] = await tx.select({ ownerId: whispers.userId, title: whispers.title, likes: likesOf })
      .from(whispers).where(eq(whispers.id, whisperId));
    if (changed.added && row.ownerId !== userId) {
      const [liker] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
      await createNotification(tx, row.ownerId, { kind: 'like', actorId: userId, link: `/whispers/whisper-detail/${whisperId}`, title: 'New like', body: `@${liker.username} liked your whisper "${row.title}".` });
    }
    // Who was told (a new like by someone else): the route lets their open app know at once.
    return { liked: row.likes.includes(userId), likes: row.likes, told: changed.added && row.ownerId !== userId ? row.ownerId : undefined };
  });
}

/**
 * Follow counts among active users, as the profile lists them (a deactivated follower is neither
 * listed nor counted). The id as a parameter: inside a subquery a bare column name would be read
 * as the subquery's own.
 */
const followersCount = (userId: string) =>
  sql<number>`(select count(*)::int from follows f join users u on u.id = f.follower_id and u.status = 'active' where f.followee_id = ${userId})`;
const followingCount = (userId: string) =>
  sql<number>`(select count(*)::int from follows f join users u on u.id = f.followee_id and u.status = 'active' where f.follower_id = ${userId})`;

const followersCountOf = async (db: Db, userId: string) => {
  const [row] = rowsOf<{ count: number }>(await db.execute(sql`select ${followersCount(userId)} as count`));
  return row.count;
};

/** Whether a follow is the first from this follower to this member within a day (counted in limit_hits). */
function firstFollowToday(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  return tryTakeHits(db, [{ key: limitKeys.followNotice(followerId, followeeId), max: 1, windowMs: LONGEST_WINDOW_MS }]);
}

/**
 * Follows (or unfollows) an active user. The followed hears of a new follower once a day per
 * follower, however often they follow and unfollow (`told`: tell them live too). Undefined when
 * there is no such active user, 'blocked' when either blocked the other. Following twice is the same as once.
 */
export async function setFollow(db: Db, followerId: string, followeeId: string, follow: boolean) {
  return db.transaction(async (tx) => {
    if (follow) await lockPair(tx as unknown as Db, followerId, followeeId); // takes turns with a block between them
    const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, followeeId), eq(users.status, 'active')));
    if (!target) return undefined;
    let told = false;
    if (follow) {
      // Blocked either way: no follow (blocking ended the ones there were, modules/blocks).
      const [blocked] = await tx.select({ at: blocks.createdAt }).from(blocks).where(or(
        and(eq(blocks.blockerId, followerId), eq(blocks.blockedId, followeeId)), and(eq(blocks.blockerId, followeeId), eq(blocks.blockedId, followerId)),
      )).limit(1);
      if (blocked) return 'blocked' as const;
      const added = await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ at: follows.createdAt });
      if (added.length > 0 && await firstFollowToday(tx as unknown as Db, followerId, followeeId)) {
        const [follower] = await tx.select({ username: users.username }).from(users).where(eq(users.id, followerId));
        await createNotification(tx, followeeId, { kind: 'follower', actorId: followerId, link: `/whispers/profile/${followerId}`, title: 'New follower', body: `@${follower.username} started following you.` });
        told = true;
      }
    } else {
      await tx.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    }
    return { following: follow, followersCount: await followersCountOf(tx as unknown as Db, followeeId), told };
  });
}

/**
 * An active user's public profile, as the author page shows it; undefined when there is none. To a
 * caller with blocks the followers listed leave out the members blocked either way (the counts stay
 * whole: they are the profile's), and a profile whose owner the caller blocked shows no whispers and
 * a posts count of 0 (one who blocked the caller gets no profile at all: the route's 404).
 */
export async function publicProfile(db: Db, userId: string, callerId: string | undefined): Promise<{ profile: ProfileDto; posts: WhisperDto[] } | undefined> {
  const hidden = await hiddenAuthorsFor(db, callerId);
  const postsHidden = hidden.includes(userId);
  const [user] = await db.select({
    id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username, profileImage: users.profileImage,
    followersCount: followersCount(userId),
    followingCount: followingCount(userId),
    postsCount: postsHidden ? sql<number>`0` : callerId === userId
      ? sql<number>`(select count(*)::int from whispers w where w.user_id = ${userId})`
      : sql<number>`(select count(*)::int from whispers w where w.user_id = ${userId} and w.hidden_at is null)`,
    isFollowing: callerId
      ? sql<boolean>`exists (select 1 from follows f where f.follower_id = ${callerId} and f.followee_id = ${userId})`
      : sql<boolean>`false`,
  }).from(users).where(and(eq(users.id, userId), eq(users.status, 'active')));
  if (!user) return undefined;
  const followers = await db.select({
    _id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, profileImage: users.profileImage,
  }).from(follows).innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), eq(users.status, 'active'), hidden.length > 0 ? notInArray(follows.followerId, hidden) : undefined))
    .orderBy(desc(follows.createdAt), desc(follows.followerId))
    .limit(PROFILE_FOLLOWERS);
  // Its author sees the posts moderators hid, told so; anyone else does not.
  const own = callerId === userId;
  const posts = postsHidden ? [] : await db.select({ ...whisperColumns, commentCount: commentCountOf(hidden), hiddenAt: whispers.hiddenAt, hiddenReason: whispers.hiddenReason })
    .from(whispers).innerJoin(users, eq(users.id, whispers.userId))
    .where(and(eq(whispers.userId, userId), own ? undefined : isNull(whispers.hiddenAt)))
    .orderBy(desc(whispers.createdAt), desc(whispers.id)).limit(PROFILE_POSTS);
  const { id, ...rest } = user;
  return {
    profile: { _id: id, ...rest, followers },
    posts: posts.map((row) => toWhisperDto(row, row.hiddenAt ? { hidden: true, reason: row.hiddenReason ?? '' } : undefined)),
  };
}
