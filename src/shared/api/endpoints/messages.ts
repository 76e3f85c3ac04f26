import { selectUserId, type SessionState } from '../../auth';
import { baseApi } from '../base-api';
import { getServerMessage } from '../errors';
import { noticeFailure } from '../failure-notice';
import type { QueueableArgs } from '../offline-entry';
import { enqueue, queuedActions, queueOutcome } from '../offline-queue';
import { READ_TIMEOUT_MS } from '../base-query';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { cursorPagination, cursorParams, type Cursor, type CursorPage, type CursorPages } from '../infinite-lists';
import { subscribeWhileCached } from '../realtime';
import { asNumber, asString, isRecord, moderationOf, pickList, readItems, type Moderation } from './wire';

// server/modules/messages: GET /api/messages (the inbox), GET /api/messages/{userId} (a conversation,
// paged back), POST /api/messages/{userId}, POST /api/messages/{userId}/read; socket 'new-message'.

export interface MessageUser {
  _id: string;
  username: string;
  profileImage: string;
}

/** Spec §3's message, with its receiver (the conversation it belongs to). */
export interface Message {
  _id: string;
  content: string;
  createdAt: string;
  sender: MessageUser;
  receiver: MessageUser;
  read: boolean;
  /** Its sender only, when moderators hid it (the receiver no longer gets it). */
  moderation?: Moderation;
}

export interface Correspondent extends MessageUser {
  firstName: string;
  lastName: string;
}

/** An inbox row: a conversation's latest message, the other user, and how many of theirs are unread. */
export interface Conversation {
  with: Correspondent;
  last: Message;
  unreadCount: number;
}

export interface Inbox {
  conversations: Conversation[];
  unreadTotal: number;
}

/** A page of a conversation: its messages oldest first; `nextCursor` goes back to older ones. */
export interface ConversationPage extends CursorPage<Message> {
  with: Correspondent | null;
  /** Either of the two blocked the other: the conversation stays readable, but no one can write. */
  blocked: boolean;
}

export const SEND_FAILED = 'Could not send your message. Please try again.';

export interface SendMessageArgs extends QueueableArgs {
  userId: string;
  content: string;
  /**
   * Set on a message whose first try went without an Idempotency-Key and got no answer: the
   * `createdAt` of the conversation's newest message known then (null: none). See sendMessage.
   */
  triedAfter?: string | null;
}

function toMessageUser(value: unknown): MessageUser {
  const user = isRecord(value) ? value : {};
  return { _id: asString(user._id), username: asString(user.username), profileImage: asString(user.profileImage) };
}

export function toMessage(value: unknown): Message | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    content: asString(value.content),
    createdAt: asString(value.createdAt),
    sender: toMessageUser(value.sender),
    receiver: toMessageUser(value.receiver),
    read: value.read === true,
    ...moderationOf(value),
  };
}

function toCorrespondent(value: unknown): Correspondent | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return { ...toMessageUser(value), firstName: asString(value.firstName), lastName: asString(value.lastName) };
}

/** `{ messages: [row], unreadTotal }` (spec §7 reads `messages`); other shapes are an empty inbox. */
export function toInbox(body: unknown): Inbox {
  const conversations = pickList(body, ['messages', 'data']).flatMap((row): Conversation[] => {
    const last = toMessage(row);
    const other = isRecord(row) ? toCorrespondent(row.with) : null;
    return last && other ? [{ with: other, last, unreadCount: isRecord(row) ? asNumber(row.unreadCount) : 0 }] : [];
  });
  const unreadTotal = isRecord(body) && typeof body.unreadTotal === 'number' ? body.unreadTotal : conversations.reduce((sum, row) => sum + row.unreadCount, 0);
  return { conversations, unreadTotal };
}

export function toConversationPage(body: unknown): ConversationPage {
  return {
    with: isRecord(body) ? toCorrespondent(body.with) : null,
    items: readItems(pickList(body, ['messages']), toMessage),
    nextCursor: isRecord(body) && typeof body.nextCursor === 'string' ? body.nextCursor : null,
    blocked: isRecord(body) && body.blocked === true,
  };
}

type State = { session: SessionState };
/** The other user of a message, seen from `me`. */
export const otherOf = (message: Message, me: string) => (message.sender._id === me ? message.receiver._id : message.sender._id);

/** Adds a message to a conversation's newest page unless it is there already (the socket and the send answer both bring it). */
function addToConversation(data: CursorPages<Message> & { pages: ConversationPage[] }, message: Message) {
  if (data.pages.some((page) => page.items.some((item) => item._id === message._id))) return;
  data.pages[0]?.items.push(message);
}

/**
 * A message that comes live while its list is being read again (after a reconnect, say) goes into
 * the cache, but that read may have been answered before the message was stored, and its answer
 * replaces the cache: the message would vanish until the next read. So the list is read once more;
 * RTK Query holds an invalidation until the reads in flight have ended (`invalidationBehavior:
 * 'delayed'`), and the message, emitted after its commit, is in that read.
 */
function readAgainIfReading(lifecycle: { getCacheEntry: () => { status: string } }, refetch: () => void) {
  if (lifecycle.getCacheEntry().status === 'pending') refetch();
}

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/messages → the inbox. Live: a 'new-message' moves its conversation to the top (spec §4:
     * a pushed message is added at the top) with its unread count; a conversation not listed yet, a
     * read elsewhere, or a reconnect read the inbox again.
     */
    getInbox: build.query<Inbox, void>({
      query: () => 'messages',
      transformResponse: toInbox,
      providesTags: [{ type: 'Message', id: 'INBOX' }],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { updateCachedData, getState, dispatch } = lifecycle;
        const me = selectUserId(getState() as unknown as State);
        if (!me) return;
        const refetch = () => dispatch(baseApi.util.invalidateTags([{ type: 'Message', id: 'INBOX' }]));
        await subscribeWhileCached(lifecycle, {
          events: {
            'new-message': (payload) => {
              const message = toMessage(payload);
              if (!message) return;
              readAgainIfReading(lifecycle, refetch);
              let listed = true;
              updateCachedData((inbox) => {
                const other = otherOf(message, me);
                const index = inbox.conversations.findIndex((row) => row.with._id === other);
                if (index === -1) {
                  listed = false;
                  return;
                }
                const [row] = inbox.conversations.splice(index, 1);
                if (row.last._id === message._id) {
                  inbox.conversations.splice(index, 0, row);
                  return;
                }
                row.last = message;
                if (message.receiver._id === me) {
                  row.unreadCount += 1;
                  inbox.unreadTotal += 1;
                }
                inbox.conversations.unshift(row);
              });
              if (!listed) refetch();
            },
            'messages-read': refetch,
          },
          onResync: refetch,
        });
      },
    }),
    /**
     * GET /api/messages/{userId}: the conversation, newest page first (each page oldest first);
     * `fetchNextPage` goes back in time. Live: a 'new-message' of this conversation is added once;
     * a reconnect reads it again, so nothing missed is lost and nothing comes twice.
     */
    getConversation: build.infiniteQuery<ConversationPage, string, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: ({ queryArg, pageParam }) => ({ url: `messages/${encodeURIComponent(queryArg)}`, params: cursorParams(pageParam) }),
      transformResponse: toConversationPage,
      providesTags: (_result, _error, userId) => [{ type: 'Message', id: userId }],
      async onCacheEntryAdded(userId, lifecycle) {
        const { updateCachedData, getState, dispatch } = lifecycle;
        const me = selectUserId(getState() as unknown as State);
        if (!me) return;
        const refetch = () => dispatch(baseApi.util.invalidateTags([{ type: 'Message', id: userId }]));
        await subscribeWhileCached(lifecycle, {
          events: {
            'new-message': (payload) => {
              const message = toMessage(payload);
              if (!message || otherOf(message, me) !== userId) return;
              updateCachedData((data) => addToConversation(data, message));
              readAgainIfReading(lifecycle, refetch);
            },
          },
          onResync: refetch,
        });
      },
    }),
    /**
     * POST /api/messages/{userId} { content } → 201 `{ message }`, added to the open conversation at
     * once. Sent at once without an Idempotency-Key (the server stores those sent together in one
     * statement); one that could not go waits in the offline queue (`queueMessage`) and goes with
     * its key, so a retry never sends it twice. Refused from the queue, it is dropped with a toast.
     * A message whose first try (without a key) got no answer may have arrived all the same, only its
     * answer lost: before sending it again, the conversation's newest page is read, and a message of
     * the member's with the same words, newer than the newest one known when it was tried
     * (`triedAfter`), is that first try: it is not sent twice.
     */
    sendMessage: build.mutation<Message | null, SendMessageArgs>({
      async queryFn({ userId, content, idempotencyKey, triedAfter }, api, _extra, baseQuery) {
        const url = `messages/${encodeURIComponent(userId)}`;
        if (triedAfter !== undefined) {
          const latest = await baseQuery({ url, params: cursorParams(null), timeout: READ_TIMEOUT_MS });
          if (latest.error) return { error: latest.error };
          const me = selectUserId(api.getState() as State);
          const since = triedAfter === null ? -Infinity : Date.parse(triedAfter);
          const arrived = toConversationPage(latest.data).items
            .find((message) => message.sender._id === me && message.content === content && Date.parse(message.createdAt) > since);
          if (arrived) return { data: arrived };
        }
        const sent = await baseQuery({
          url, method: 'POST', body: { content }, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        });
        if (sent.error) return { error: sent.error };
        return { data: isRecord(sent.data) ? toMessage(sent.data.message) : null };
      },
      async onQueryStarted({ userId, queued }, { queryFulfilled, dispatch }) {
        let message: Message | null;
        try {
          ({ data: message } = await queryFulfilled);
        } catch (failure) {
          const error = isRecord(failure) ? failure.error : failure;
          if (queued && queueOutcome(error) === 'drop') noticeFailure(getServerMessage(error) ?? SEND_FAILED);
          return;
        }
        if (!message) return;
        const sent = message;
        dispatch(messagesApi.util.updateQueryData('getConversation', userId, (data) => addToConversation(data, sent)));
        // Sent from the queue, often at start-up: the conversation may be being read meanwhile (the
        // patch above finds no data yet, and that read may predate the message), and the socket may
        // not be connected to tell it: both are read again once the reads in flight have ended.
        if (queued) dispatch(baseApi.util.invalidateTags([{ type: 'Message', id: userId }, { type: 'Message', id: 'INBOX' }]));
      },
    }),
    /** POST /api/messages/{userId}/read: the conversation is open, what they sent is read. */
    markConversationRead: build.mutation<{ updated: number }, string>({
      query: (userId) => ({ url: `messages/${encodeURIComponent(userId)}/read`, method: 'POST' }),
      transformResponse: (body: unknown) => ({ updated: isRecord(body) ? asNumber(body.updated) : 0 }),
      invalidatesTags: (result) => (result && result.updated > 0 ? [{ type: 'Message', id: 'INBOX' }, { type: 'Notification', id: 'LIST' }] : []),
    }),
  }),
});

/**
 * Keeps a message the member sent with no connection (or whose request got no answer) in the
 * offline queue, with an Idempotency-Key made now: the conversation shows it as waiting to send,
 * also after a reload, and it goes when the connection returns. `triedAfter` for one that was tried
 * without a key (see sendMessage): the newest message's `createdAt` known when it was tried.
 */
export function queueMessage(member: string, userId: string, content: string, triedAfter?: string | null): Promise<void> {
  // Two waiting with the same words in one conversation: the first one's retry could take the
  // other's first try for its own, and this one's retry the first one's message, and one would be
  // lost. This one then goes without looking (at worst twice, never not at all).
  const twin = queuedActions().some((action) => action.member === member && action.endpoint === 'sendMessage'
    && action.args.userId === userId && action.args.content === content);
  return enqueue(member, 'sendMessage', { userId, content, idempotencyKey: newIdempotencyKey(), ...(triedAfter === undefined || twin ? {} : { triedAfter }) });
}

/** The `createdAt` of the newest message of the conversation with `userId` in the cache (null: none there). */
export const newestMessageAt = (state: unknown, userId: string): string | null =>
  messagesApi.endpoints.getConversation.select(userId)(state as Parameters<ReturnType<typeof messagesApi.endpoints.getConversation.select>>[0]).data?.pages[0]?.items.at(-1)?.createdAt ?? null;

export const { useGetInboxQuery, useGetConversationInfiniteQuery, useSendMessageMutation, useMarkConversationReadMutation } = messagesApi;
