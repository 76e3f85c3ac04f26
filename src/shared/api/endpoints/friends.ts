import { baseApi } from '../base-api';
import { optimisticUpdate } from '../optimistic';
import { subscribeWhileCached } from '../realtime';
import { asString, isRecord, pickList } from './wire';
import { whispersApi, type FriendStatus } from './whispers';

// server/modules/friends: GET /api/friend-requests, POST /api/friend-requests, POST /api/action-request/{requestId}.

export const ANSWER_FAILED = 'Could not answer the friend request. Please try again.';

export interface RequestUser {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** The photo's path; '' when none (initials show instead). */
  avatar: string;
}

export interface FriendRequest {
  _id: string;
  sender: RequestUser;
  createdAt: string;
}

export interface PendingRequests {
  requests: FriendRequest[];
  count: number;
}

function toRequestUser(value: unknown): RequestUser {
  const user = isRecord(value) ? value : {};
  return { _id: asString(user._id), firstName: asString(user.firstName), lastName: asString(user.lastName), username: asString(user.username), avatar: asString(user.avatar) };
}

/** `{ success, data, count }`; other shapes are an empty list (spec §7: unexpected shapes are empty lists). */
export function toPendingRequests(body: unknown): PendingRequests {
  const requests = pickList(body, ['data'])
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item._id === 'string')
    .map((item) => ({ _id: item._id as string, sender: toRequestUser(item.sender), createdAt: asString(item.createdAt) }));
  const count = isRecord(body) && typeof body.count === 'number' ? body.count : requests.length;
  return { requests, count };
}

export const friendsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/friend-requests → the requests waiting for the signed-in user's answer. */
    getFriendRequests: build.query<PendingRequests, void>({
      query: () => 'friend-requests',
      transformResponse: toPendingRequests,
      providesTags: [{ type: 'FriendRequest', id: 'LIST' }],
      // Live: a request sent to the user arrives as a 'notification' event; the list is read again.
      async onCacheEntryAdded(_arg, lifecycle) {
        const refetch = () => lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'FriendRequest', id: 'LIST' }]));
        await subscribeWhileCached(lifecycle, {
          events: { notification: (payload) => (isRecord(payload) && payload.title === 'Friend request' ? refetch() : undefined) },
          onResync: refetch,
        });
      },
    }),
    /** POST /api/friend-requests { receiverId }: the profile then shows the request as pending. */
    sendFriendRequest: build.mutation<{ message: string }, { receiverId: string }>({
      query: (body) => ({ url: 'friend-requests', method: 'POST', body }),
      transformResponse: (body: unknown) => ({ message: isRecord(body) ? asString(body.message) : '' }),
      async onQueryStarted({ receiverId }, lifecycle) {
        try {
          await lifecycle.queryFulfilled;
        } catch {
          return;
        }
        lifecycle.dispatch(whispersApi.util.updateQueryData('getWhisperProfile', receiverId, (profile) => {
          if (profile) profile.friendStatus = 'pending-sent' satisfies FriendStatus;
        }));
      },
    }),
    /**
     * POST /api/action-request/{requestId} { action, ...userData } (spec §7). Optimistic (spec §4):
     * the request leaves the list at once and the count drops by one; if the call fails it is put
     * back, the count rises again and a short notice says so.
     */
    answerFriendRequest: build.mutation<{ message: string }, { request: FriendRequest; action: 'accept' | 'reject'; userId: string }>({
      query: ({ request, action, userId }) => ({ url: `action-request/${encodeURIComponent(request._id)}`, method: 'POST', body: { action, userId } }),
      transformResponse: (body: unknown) => ({ message: isRecord(body) ? asString(body.message) : '' }),
      async onQueryStarted({ request }, lifecycle) {
        const patch = friendsApi.util.updateQueryData('getFriendRequests', undefined, (data) => {
          const before = data.requests.length;
          data.requests = data.requests.filter((item) => item._id !== request._id);
          if (data.requests.length < before) data.count = Math.max(0, data.count - 1);
        });
        const confirmed = await optimisticUpdate(lifecycle, [patch], { failureText: ANSWER_FAILED });
        // The sender's profile now shows the new standing.
        if (confirmed) lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'WhisperProfile', id: request.sender._id }]));
      },
    }),
  }),
});

export const { useGetFriendRequestsQuery, useSendFriendRequestMutation, useAnswerFriendRequestMutation } = friendsApi;
