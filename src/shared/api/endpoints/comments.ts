import { baseApi } from '../base-api';
import { cursorPagination, cursorParams, toCursorPage, type Cursor, type CursorPage, type CursorPages } from '../infinite-lists';
import { cachedArgs } from '../optimistic';
import { subscribeWhileCached } from '../realtime';
import { asNumber, asString, isRecord, moderationOf, readItems, toStatusResult, type Moderation, type StatusResult } from './wire';
import { toAuthor, whispersApi, type Whisper, type WhisperAuthor } from './whispers';

// server/modules/comments: GET /api/whispers/{id}/comments?cursor, GET /api/comments/{id}/replies?cursor,
// POST /api/whispers/{id}/comments, PATCH and DELETE /api/comments/{id}; socket room per whisper
// ('whisper:watch' / 'whisper:unwatch'), events 'comment:new', 'comment:updated', 'comment:deleted'.

/** The longest comment the server takes, in characters (code points, as it counts them). */
export const COMMENT_MAX = 1000;

/** Who wrote a comment: the same member shape as a whisper's author. */
export type CommentAuthor = WhisperAuthor;

export interface Comment {
  _id: string;
  whisperId: string;
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: string | null;
  text: string;
  createdAt: string;
  edited: boolean;
  user: CommentAuthor;
  /** Its author only, when moderators hid it. */
  moderation?: Moderation;
}

/** A top-level comment with its replies loaded so far (oldest first), how many it has, and the way to the older ones. */
export interface CommentThread extends Comment {
  replies: Comment[];
  replyCount: number;
  /** The cursor of the replies older than those loaded; null when none are left. */
  repliesCursor: string | null;
}

/** A page of top-level comments, oldest first; `nextCursor` goes back to older ones. */
export interface CommentPage extends CursorPage<CommentThread> {
  /** Every comment and reply of the whisper the reader may see (as of this page's read). */
  commentCount: number;
}

export type CommentPages = CursorPages<CommentThread> & { pages: CommentPage[] };

/** A wire comment, checked; null when the shape is not a comment at all. */
export function toComment(value: unknown): Comment | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    whisperId: asString(value.whisperId),
    parentId: typeof value.parentId === 'string' && value.parentId !== '' ? value.parentId : null,
    text: asString(value.text),
    createdAt: asString(value.createdAt),
    edited: value.edited === true,
    user: toAuthor(value.user),
    ...moderationOf(value),
  };
}

function toThread(value: unknown): CommentThread | null {
  const comment = toComment(value);
  if (!comment || !isRecord(value)) return null;
  const replies = readItems(Array.isArray(value.replies) ? value.replies : [], toComment);
  return {
    ...comment,
    replies,
    replyCount: Math.max(asNumber(value.replyCount), replies.length),
    repliesCursor: typeof value.repliesCursor === 'string' && value.repliesCursor !== '' ? value.repliesCursor : null,
  };
}

/** `{ comments, nextCursor, commentCount }`; any other shape is an empty last page. */
export const toCommentPage = (body: unknown): CommentPage => ({
  ...toCursorPage(body, 'comments', toThread),
  commentCount: isRecord(body) ? asNumber(body.commentCount) : 0,
});

/** `{ replies, nextCursor }`. */
export const toRepliesPage = (body: unknown): CursorPage<Comment> => toCursorPage(body, 'replies', toComment);

export interface CommentResult extends StatusResult {
  comment: Comment | null;
}
const toCommentResult = (body: unknown): CommentResult => ({ ...toStatusResult(body), comment: isRecord(body) ? toComment(body.comment) : null });

/** The whole thread list as the page shows it: oldest first, the newest last (pages go back in time). */
export const threadsOf = (data: CommentPages | undefined): CommentThread[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.items) : [];

/** Where a comment is in the cached pages (a top-level one, or a reply under one). */
function locate(data: CommentPages, id: string, parentId: string | null) {
  for (const page of data.pages) {
    if (parentId === null) {
      const index = page.items.findIndex((thread) => thread._id === id);
      if (index !== -1) return { page, index, thread: page.items[index], reply: -1 };
    } else {
      const thread = page.items.find((item) => item._id === parentId);
      if (thread) return { page, index: page.items.indexOf(thread), thread, reply: thread.replies.findIndex((reply) => reply._id === id) };
    }
  }
  return undefined;
}

/**
 * Adds a comment (from its post's answer or the socket, whichever comes first; the other finds it
 * there): a top-level one at the end of the newest page, a reply at the end of its thread. Answers
 * by how much the whisper's count grew (0: it was there, or its thread is not loaded).
 */
function addComment(data: CommentPages, comment: Comment): number {
  if (comment.parentId === null) {
    if (data.pages.length === 0 || locate(data, comment._id, null)) return 0;
    data.pages[0].items.push({ ...comment, replies: [], replyCount: 0, repliesCursor: null });
  } else {
    const found = locate(data, comment._id, comment.parentId);
    if (!found || found.reply !== -1) return 0;
    found.thread.replies.push(comment);
    found.thread.replyCount += 1;
  }
  data.pages[0].commentCount += 1;
  return 1;
}

/** Takes a comment out (and a top-level one's replies): by how much the whisper's count shrank (0: it was not there). */
function removeComment(data: CommentPages, id: string, parentId: string | null): number {
  const found = locate(data, id, parentId);
  if (!found) return 0;
  let gone = 1;
  if (parentId === null) {
    gone += found.thread.replyCount;
    found.page.items.splice(found.index, 1);
  } else {
    if (found.reply === -1) return 0;
    found.thread.replies.splice(found.reply, 1);
    found.thread.replyCount = Math.max(0, found.thread.replyCount - 1);
  }
  if (data.pages[0]) data.pages[0].commentCount = Math.max(0, data.pages[0].commentCount - gone);
  return gone;
}

/** Puts an edited comment's text in place. */
function replaceComment(data: CommentPages, comment: Comment) {
  const found = locate(data, comment._id, comment.parentId);
  if (!found) return;
  const target = comment.parentId === null ? found.thread : found.thread.replies[found.reply];
  if (!target) return;
  target.text = comment.text;
  target.edited = comment.edited;
}

/** Patches of the whisper's count on its detail and on every list card that shows it (the comments list keeps its own). */
function countPatches(state: unknown, whisperId: string, delta: number) {
  if (delta === 0) return [];
  const change = (item: Whisper) => {
    if (item._id === whisperId) item.commentCount = Math.max(0, item.commentCount + delta);
  };
  return [
    whispersApi.util.updateQueryData('getWhisper', whisperId, (data) => {
      if (data) change(data);
    }),
    ...cachedArgs<{ q?: string }>(state, 'getWhispers').map((arg) =>
      whispersApi.util.updateQueryData('getWhispers', arg, (data) => {
        for (const page of data.pages) page.items.forEach(change);
      })),
  ];
}

const commentsPath = (whisperId: string) => `whispers/${encodeURIComponent(whisperId)}/comments`;
const commentPath = (id: string) => `comments/${encodeURIComponent(id)}`;

export const commentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/whispers/{id}/comments: the newest page of top-level comments first (each with its
     * newest replies); the next pages go back in time. Public. Live for a signed-in reader: the
     * socket joins the whisper's room, and new, edited and deleted comments come into the pages as
     * they happen; once the room is joined, and after a reconnect, the pages are read again (what
     * was posted before the join was not sent to this socket).
     */
    getComments: build.infiniteQuery<CommentPage, string, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: ({ queryArg, pageParam }) => ({ url: commentsPath(queryArg), params: cursorParams(pageParam) }),
      transformResponse: toCommentPage,
      // The whisper's list, and each comment in it (a moderator hiding one here reads the list again).
      providesTags: (result, _error, whisperId) => [
        { type: 'Comment', id: `WHISPER-${whisperId}` },
        ...threadsOf(result as CommentPages | undefined).flatMap((thread) => [thread, ...thread.replies]).map(({ _id }) => ({ type: 'Comment' as const, id: _id })),
      ],
      async onCacheEntryAdded(whisperId, lifecycle) {
        const { updateCachedData, dispatch, getState } = lifecycle;
        const readAgain = () => dispatch(baseApi.util.invalidateTags([{ type: 'Comment', id: `WHISPER-${whisperId}` }]));
        const mine = (payload: unknown) => (isRecord(payload) && payload.whisperId === whisperId ? payload : null);
        await subscribeWhileCached(lifecycle, {
          room: { join: 'whisper:watch', leave: 'whisper:unwatch', payload: whisperId, onJoined: (ok) => ok && readAgain() },
          events: {
            'comment:new': (payload) => {
              const comment = toComment(mine(payload)?.comment);
              if (!comment) return;
              let added = 0;
              updateCachedData((data) => {
                added = addComment(data as CommentPages, comment);
              });
              for (const patch of countPatches(getState(), whisperId, added)) dispatch(patch);
            },
            'comment:updated': (payload) => {
              const comment = toComment(mine(payload)?.comment);
              if (comment) updateCachedData((data) => replaceComment(data as CommentPages, comment));
            },
            'comment:deleted': (payload) => {
              const event = mine(payload);
              if (!event || typeof event.commentId !== 'string') return;
              const parentId = typeof event.parentId === 'string' ? event.parentId : null;
              let gone = 0;
              updateCachedData((data) => {
                gone = removeComment(data as CommentPages, event.commentId as string, parentId);
              });
              for (const patch of countPatches(getState(), whisperId, -gone)) dispatch(patch);
            },
          },
          onResync: readAgain,
        });
      },
    }),
    /**
     * GET /api/comments/{id}/replies?cursor: replies older than those shown under a comment; they go
     * into the comments pages above the ones shown (the comments list stays the one owner of them).
     */
    getOlderReplies: build.query<CursorPage<Comment>, { whisperId: string; commentId: string; cursor: string }>({
      query: ({ commentId, cursor }) => ({ url: `${commentPath(commentId)}/replies`, params: { cursor } }),
      transformResponse: toRepliesPage,
      async onQueryStarted({ whisperId, commentId }, { dispatch, queryFulfilled }) {
        let page: CursorPage<Comment>;
        try {
          ({ data: page } = await queryFulfilled);
        } catch {
          return;
        }
        dispatch(commentsApi.util.updateQueryData('getComments', whisperId, (data) => {
          const found = locate(data as CommentPages, commentId, null);
          if (!found) return;
          const known = new Set(found.thread.replies.map((reply) => reply._id));
          found.thread.replies.unshift(...page.items.filter((reply) => !known.has(reply._id)));
          found.thread.repliesCursor = page.nextCursor;
        }));
      },
    }),
    /**
     * POST /api/whispers/{id}/comments { text, parentId? } → 201 `{ comment }`, added to the comments
     * at once (not optimistic: the form keeps the text until the server has it). Idempotency-Key as
     * the other creates, so a retried send makes one comment.
     */
    addComment: build.mutation<CommentResult, { whisperId: string; text: string; parentId?: string; idempotencyKey: string }>({
      query: ({ whisperId, text, parentId, idempotencyKey }) => ({
        url: commentsPath(whisperId),
        method: 'POST',
        body: parentId ? { text, parentId } : { text },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: toCommentResult,
      async onQueryStarted({ whisperId }, { dispatch, getState, queryFulfilled }) {
        let result: CommentResult;
        try {
          ({ data: result } = await queryFulfilled);
        } catch {
          return;
        }
        const { comment } = result;
        if (!comment) return;
        let added = 0;
        dispatch(commentsApi.util.updateQueryData('getComments', whisperId, (data) => {
          added = addComment(data as CommentPages, comment);
        }));
        for (const patch of countPatches(getState(), whisperId, added)) dispatch(patch);
      },
    }),
    /** PATCH /api/comments/{id} { text } → `{ comment }` (its author only). */
    editComment: build.mutation<CommentResult, { whisperId: string; id: string; text: string }>({
      query: ({ id, text }) => ({ url: commentPath(id), method: 'PATCH', body: { text } }),
      transformResponse: toCommentResult,
      async onQueryStarted({ whisperId }, { dispatch, queryFulfilled }) {
        let result: CommentResult;
        try {
          ({ data: result } = await queryFulfilled);
        } catch {
          return;
        }
        const { comment } = result;
        if (comment) dispatch(commentsApi.util.updateQueryData('getComments', whisperId, (data) => replaceComment(data as CommentPages, comment)));
      },
    }),
    /** DELETE /api/comments/{id} → `{ status, message }` (its author, or the whisper's); its replies go too. */
    deleteComment: build.mutation<StatusResult, { whisperId: string; id: string; parentId: string | null }>({
      query: ({ id }) => ({ url: commentPath(id), method: 'DELETE' }),
      transformResponse: toStatusResult,
      async onQueryStarted({ whisperId, id, parentId }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        let gone = 0;
        dispatch(commentsApi.util.updateQueryData('getComments', whisperId, (data) => {
          gone = removeComment(data as CommentPages, id, parentId);
        }));
        for (const patch of countPatches(getState(), whisperId, -gone)) dispatch(patch);
      },
    }),
  }),
});

export const {
  useGetCommentsInfiniteQuery,
  useLazyGetOlderRepliesQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
} = commentsApi;
