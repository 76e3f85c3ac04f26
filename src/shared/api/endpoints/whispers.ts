import { baseApi } from '../base-api';
import { toFormData } from '../form-data';
import { cursorPagination, providesPagedList, searchPageQuery, toCursorPage, type Cursor, type CursorPage, type CursorPages } from '../infinite-lists';
import { selectUserId, type SessionState } from '../../auth';
import { queueable, type QueueableArgs } from '../offline-entry';
import { cachedArgs, optimisticUpdate } from '../optimistic';
import { asNumber, asString, asStrings, isRecord, moderationOf, readItems, toStatusResult, type Moderation, type StatusResult } from './wire';

// server/modules/whispers: GET /api/approved-whispers?q&cursor, GET /api/whispers/{id},
// GET /api/whispers/public-profile/{userId}, POST /api/whispers, PUT and DELETE /api/whispers/{id},
// POST /api/whispers/{id}/like, POST /api/whispers/{userId}/follow and /unfollow.

/** The create form's categories (spec §9). */
export const WHISPER_CATEGORIES = ['Hidden Gem', 'Adventure', 'Romantic', 'Beach', 'Mountain', 'Urban Escape'] as const;

export const FOLLOW_FAILED = 'Failed to update follow status';
export const LIKE_FAILED = 'Could not update the like. Please try again.';

export interface WhisperAuthor {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string;
}

export interface Whisper {
  _id: string;
  title: string;
  description: string;
  location: string;
  category: string;
  images: string[];
  /** Ids of the users who like it. */
  likes: string[];
  /** Its comments and replies the reader may see (0 from a server that does not count them). */
  commentCount: number;
  createdAt: string;
  user: WhisperAuthor;
  /** Its author only, when moderators hid it. */
  moderation?: Moderation;
}

/** Where the signed-in user and a profile's owner stand as friends. */
export type FriendStatus = 'none' | 'pending-sent' | 'pending-received' | 'friends';
const FRIEND_STATUSES: readonly FriendStatus[] = ['none', 'pending-sent', 'pending-received', 'friends'];

export interface WhisperProfile {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  profileImage: string;
  followersCount: number;
  followingCount: number;
  postsCount: number;
  followers: WhisperAuthor[];
  isFollowing: boolean;
  friendStatus: FriendStatus;
  /** The signed-in caller blocked this member (false for visitors and oneself). */
  blocked: boolean;
  posts: Whisper[];
}

/** The fields of the create and edit form; files go as repeated `images` parts. */
export interface WhisperInput {
  title: string;
  location: string;
  category: string;
  description: string;
  images: File[];
}

export interface WhisperUpdate extends WhisperInput {
  /** The current images that stay, in order. */
  keepImages: string[];
}

export interface WhisperResult extends StatusResult {
  whisper: Whisper | null;
}

/** A member as whispers and their comments show them (author, follower, commenter). */
export function toAuthor(value: unknown): WhisperAuthor {
  const author = isRecord(value) ? value : {};
  return {
    _id: asString(author._id),
    username: asString(author.username),
    firstName: asString(author.firstName),
    lastName: asString(author.lastName),
    profileImage: asString(author.profileImage),
  };
}

/** A wire whisper, checked; null when the shape is not a whisper at all. */
export function toWhisper(value: unknown): Whisper | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    title: asString(value.title),
    description: asString(value.description),
    location: asString(value.location),
    category: asString(value.category),
    images: asStrings(value.images),
    likes: asStrings(value.likes),
    commentCount: asNumber(value.commentCount),
    createdAt: asString(value.createdAt),
    user: toAuthor(value.user),
    ...moderationOf(value),
  };
}

const whispersOf = (list: unknown): Whisper[] =>
  readItems(Array.isArray(list) ? list : [], toWhisper);

/** `{ whispers, nextCursor }`. */
export const toWhisperPage = (body: unknown) => toCursorPage(body, 'whispers', toWhisper);

export function toWhisperProfile(body: unknown): WhisperProfile | null {
  if (!isRecord(body) || !isRecord(body.profile)) return null;
  const profile = body.profile;
  return {
    ...toAuthor(profile),
    followersCount: asNumber(profile.followersCount),
    followingCount: asNumber(profile.followingCount),
    postsCount: asNumber(profile.postsCount),
    followers: (Array.isArray(profile.followers) ? profile.followers : []).map(toAuthor),
    isFollowing: profile.isFollowing === true,
    friendStatus: FRIEND_STATUSES.find((status) => status === profile.friendStatus) ?? 'none',
    blocked: profile.blocked === true,
    posts: whispersOf(body.posts),
  };
}

const toWhisperResult = (body: unknown): WhisperResult => ({
  ...toStatusResult(body),
  whisper: isRecord(body) ? toWhisper(body.whisper) : null,
});

const toWhisperForm = ({ title, location, category, description, images }: WhisperInput, keepImages?: string[]) =>
  toFormData({ title, location, category, description, keepImages: keepImages && JSON.stringify(keepImages), images });

const whisperPath = (id: string) => `whispers/${encodeURIComponent(id)}`;

const keyHeader = (idempotencyKey?: string) => (idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);

type LikeArgs = { whisper: Pick<Whisper, '_id' | 'user'>; userId: string; liked: boolean } & QueueableArgs;
type FollowArgs = { userId: string; follow: boolean } & QueueableArgs;

/** A patch of every cached view that shows the whisper: each page of every list search, its detail, its author's profile. */
function everyWhisperView(getState: () => unknown, whisper: LikeArgs['whisper'], change: (item: Whisper) => void) {
  const patchWhisper = (item: Whisper) => {
    if (item._id === whisper._id) change(item);
  };
  return [
    ...cachedArgs<{ q?: string }>(getState(), 'getWhispers').map((arg) =>
      whispersApi.util.updateQueryData('getWhispers', arg, (data: CursorPages<Whisper>) => {
        for (const page of data.pages) page.items.forEach(patchWhisper);
      })),
    whispersApi.util.updateQueryData('getWhisper', whisper._id, (data) => {
      if (data) patchWhisper(data);
    }),
    whispersApi.util.updateQueryData('getWhisperProfile', whisper.user._id, (data) => {
      data?.posts.forEach(patchWhisper);
    }),
  ];
}

/** The like as the member asked for it: set (never flipped), so applying it again changes nothing. */
const likePatches = (getState: () => unknown, { whisper, userId, liked }: LikeArgs) =>
  everyWhisperView(getState, whisper, (item) => {
    item.likes = item.likes.filter((id) => id !== userId).concat(liked ? [userId] : []);
  });

/** The follow as the member asked for it on the profile (the button and the count), once. */
const followPatch = ({ userId, follow }: FollowArgs) =>
  whispersApi.util.updateQueryData('getWhisperProfile', userId, (data) => {
    if (!data || data.isFollowing === follow) return;
    data.isFollowing = follow;
    data.followersCount = Math.max(0, data.followersCount + (follow ? 1 : -1));
  });

export const whispersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/approved-whispers?q&cursor → `{ success, whispers, nextCursor }`, newest first (public). */
    getWhispers: build.infiniteQuery<CursorPage<Whisper>, { q?: string }, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: searchPageQuery('approved-whispers'),
      transformResponse: toWhisperPage,
      providesTags: providesPagedList('Whisper'),
    }),
    /** GET /api/whispers/{id} → `{ success, whisper }`; 404 'Whisper not found'. */
    getWhisper: build.query<Whisper | null, string>({
      query: whisperPath,
      transformResponse: (body: unknown) => (isRecord(body) ? toWhisper(body.whisper) : null),
      providesTags: (_result, _error, id) => [{ type: 'Whisper', id }],
    }),
    /** GET /api/whispers/public-profile/{userId} → the author, their counts and newest posts. */
    getWhisperProfile: build.query<WhisperProfile | null, string>({
      query: (userId) => `whispers/public-profile/${encodeURIComponent(userId)}`,
      transformResponse: toWhisperProfile,
      providesTags: (_result, _error, userId) => [{ type: 'WhisperProfile', id: userId }],
    }),
    /** POST /api/whispers (multipart) → 201 `{ status, message, whisper }`; Idempotency-Key as the boards' creates. */
    createWhisper: build.mutation<WhisperResult, { input: WhisperInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({ url: 'whispers', method: 'POST', body: toWhisperForm(input), headers: { 'Idempotency-Key': idempotencyKey } }),
      transformResponse: toWhisperResult,
      invalidatesTags: (result) => (result?.status && result.whisper ? [{ type: 'Whisper', id: 'LIST' }, { type: 'WhisperProfile', id: result.whisper.user._id }] : []),
    }),
    /** PUT /api/whispers/{id} (multipart, with keepImages) → `{ status, message, whisper }` (author only). */
    updateWhisper: build.mutation<WhisperResult, { id: string; update: WhisperUpdate }>({
      query: ({ id, update }) => ({ url: whisperPath(id), method: 'PUT', body: toWhisperForm(update, update.keepImages) }),
      transformResponse: toWhisperResult,
      invalidatesTags: (result, _error, { id }) =>
        result?.status && result.whisper ? [{ type: 'Whisper', id }, { type: 'WhisperProfile', id: result.whisper.user._id }] : [],
    }),
    /** DELETE /api/whispers/{id} → `{ status, message: 'Whisper deleted' }` (author only). */
    deleteWhisper: build.mutation<StatusResult, { id: string; authorId: string }>({
      query: ({ id }) => ({ url: whisperPath(id), method: 'DELETE' }),
      transformResponse: toStatusResult,
      invalidatesTags: (result, _error, { authorId }) => (result?.status ? [{ type: 'Whisper', id: 'LIST' }, { type: 'WhisperProfile', id: authorId }] : []),
    }),
    /**
     * POST /api/whispers/{id}/like: toggles the signed-in user's like. Optimistic on every cached view
     * that shows the whisper (each page of every list search, its detail, its author's profile): each
     * is set to the state the clicked view asked for (`liked`), never flipped on its own, so views
     * that disagreed end up agreeing; the server's likes then go into all of them. A failure reads
     * them again from the server (a second click may have come meanwhile).
     */
    likeWhisper: build.mutation<{ liked: boolean; likes: string[] }, LikeArgs>({
      query: ({ whisper, idempotencyKey }) => ({ url: `${whisperPath(whisper._id)}/like`, method: 'POST', body: {}, headers: keyHeader(idempotencyKey) }),
      transformResponse: (body: unknown) => ({ liked: isRecord(body) && body.liked === true, likes: isRecord(body) ? asStrings(body.likes) : [] }),
      async onQueryStarted(args, lifecycle) {
        const { whisper } = args;
        const rollback = [{ type: 'Whisper', id: whisper._id }, { type: 'WhisperProfile', id: whisper.user._id }] as const;
        const confirmed = await optimisticUpdate(lifecycle, likePatches(lifecycle.getState, args), {
          failureText: LIKE_FAILED,
          revalidate: rollback,
          // With no connection the like waits in the offline queue, shown as liked meanwhile.
          queue: { endpoint: 'likeWhisper', args, rollback },
        });
        if (!confirmed) return;
        // The server's likes are the truth (others like too, and the server toggles what it has).
        const { data } = await lifecycle.queryFulfilled;
        for (const patch of everyWhisperView(lifecycle.getState, whisper, (item) => { item.likes = data.likes; })) lifecycle.dispatch(patch);
      },
    }),
    /**
     * POST /api/whispers/{userId}/follow or /unfollow → `{ message, following, followersCount }`.
     * Optimistic on the author's profile (the button and the count); undone on failure with spec
     * §8's 'Failed to update follow status'.
     */
    setFollow: build.mutation<{ message: string; following: boolean; followersCount: number }, FollowArgs>({
      query: ({ userId, follow, idempotencyKey }) => ({
        url: `whispers/${encodeURIComponent(userId)}/${follow ? 'follow' : 'unfollow'}`, method: 'POST', body: {}, headers: keyHeader(idempotencyKey),
      }),
      transformResponse: (body: unknown) => ({
        message: isRecord(body) ? asString(body.message) : '',
        following: isRecord(body) && body.following === true,
        followersCount: isRecord(body) ? asNumber(body.followersCount) : 0,
      }),
      async onQueryStarted(args, lifecycle) {
        const { userId } = args;
        const confirmed = await optimisticUpdate(lifecycle, [followPatch(args)], {
          failureText: FOLLOW_FAILED,
          // With no connection the follow waits in the offline queue, shown as done meanwhile.
          queue: { endpoint: 'setFollow', args, rollback: [{ type: 'WhisperProfile', id: userId }] },
        });
        if (!confirmed) return;
        // The server's count is the truth (others follow too).
        const { data } = await lifecycle.queryFulfilled;
        lifecycle.dispatch(whispersApi.util.updateQueryData('getWhisperProfile', userId, (profile) => {
          if (profile) Object.assign(profile, { isFollowing: data.following, followersCount: data.followersCount });
        }));
        // The caller's own profile counts whom they follow.
        const me = selectUserId(lifecycle.getState() as unknown as { session: SessionState });
        if (me) lifecycle.dispatch(whispersApi.util.invalidateTags([{ type: 'WhisperProfile', id: me }]));
      },
    }),
  }),
});

// Waiting in the offline queue, a like or follow is shown as done on every answer read meanwhile.
queueable<LikeArgs>('likeWhisper', (args, { dispatch, getState }) => {
  for (const patch of likePatches(getState, args)) dispatch(patch as never);
});
queueable<FollowArgs>('setFollow', (args, { dispatch }) => {
  dispatch(followPatch(args) as never);
});

export const {
  useGetWhispersInfiniteQuery,
  useGetWhisperQuery,
  useGetWhisperProfileQuery,
  useCreateWhisperMutation,
  useUpdateWhisperMutation,
  useDeleteWhisperMutation,
  useLikeWhisperMutation,
  useSetFollowMutation,
} = whispersApi;
