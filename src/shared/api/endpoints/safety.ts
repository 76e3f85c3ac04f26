import { baseApi, type TagType } from '../base-api';
import { asString, isRecord, pickList, readItems, toStatusResult, type StatusResult } from './wire';

// server/modules/safety (issue 32): GET /api/blocks, POST and DELETE /api/blocks/{userId}, POST /api/reports.

export const MEMBER_BLOCKED = 'Member blocked.';
export const MEMBER_UNBLOCKED = 'Member unblocked.';
export const REPORT_THANKS = 'Thanks, our moderators will look at this';

export interface BlockedMember {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  profileImage: string;
  blockedAt: string;
}

/** What can be reported, as the server names it. */
export type ReportItemType = 'user' | 'whisper' | 'need' | 'event' | 'skill' | 'message' | 'comment';

export type ReportReason = 'spam' | 'scam' | 'harassment' | 'unsafe-meeting' | 'inappropriate' | 'other';

/** The reasons in the order the report dialog lists them, with the words members see. */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'scam', label: 'Scam or fraud' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'unsafe-meeting', label: 'Unsafe meeting' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'other', label: 'Other' },
];

/** Longest details the server takes with a report. */
export const REPORT_DETAILS_MAX = 1000;

export interface ReportInput {
  itemType: ReportItemType;
  itemId: string;
  reason: ReportReason;
  details?: string;
}

function toBlockedMember(value: unknown): BlockedMember | null {
  // The wire id is `id` (contract); `_id` is read too, as elsewhere in the app.
  if (!isRecord(value)) return null;
  const id = asString(value.id, asString(value._id));
  if (id === '') return null;
  return {
    _id: id,
    firstName: asString(value.firstName),
    lastName: asString(value.lastName),
    username: asString(value.username),
    profileImage: asString(value.profileImage),
    blockedAt: asString(value.blockedAt),
  };
}

/** `{ status, blocked: [...] }`, newest first; other shapes are an empty list. */
export const toBlockedMembers = (body: unknown): BlockedMember[] => readItems(pickList(body, ['blocked']), toBlockedMember);

const BLOCKS = { type: 'Block', id: 'LIST' } as const;

/**
 * What a block or an unblock changes on the server: the member's profile (blocked, follows, friend
 * standing), conversations, friend requests, and every list that showed the other's posts.
 */
const afterBlockChange = (userId: string): ({ type: TagType; id: string } | TagType)[] => [
  { type: 'User', id: userId },
  'WhisperProfile',
  { type: 'Message', id: 'INBOX' },
  { type: 'Message', id: userId },
  { type: 'FriendRequest', id: 'LIST' },
  { type: 'Whisper', id: 'LIST' },
  { type: 'Need', id: 'LIST' },
  { type: 'Event', id: 'LIST' },
  { type: 'Skill', id: 'LIST' },
  { type: 'Companion', id: 'LIST' },
];

export const safetyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/blocks → the members the caller blocked, newest first. */
    getBlockedMembers: build.query<BlockedMember[], void>({
      query: () => 'blocks',
      transformResponse: toBlockedMembers,
      providesTags: (result) => [BLOCKS, ...(result ?? []).map(({ _id }) => ({ type: 'Block' as const, id: _id }))],
    }),
    /** POST /api/blocks/{userId} → `{ status, message: 'Member blocked.' }` (again: the same). */
    blockMember: build.mutation<StatusResult, string>({
      query: (userId) => ({ url: `blocks/${encodeURIComponent(userId)}`, method: 'POST' }),
      transformResponse: toStatusResult,
      invalidatesTags: (result, _error, userId) => (result?.status ? [BLOCKS, ...afterBlockChange(userId)] : []),
    }),
    /** DELETE /api/blocks/{userId} → `{ status, message: 'Member unblocked.' }` (also when there was no block). */
    unblockMember: build.mutation<StatusResult, string>({
      query: (userId) => ({ url: `blocks/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      transformResponse: toStatusResult,
      async onQueryStarted(userId, { dispatch, queryFulfilled }) {
        // The row leaves the Blocked members list at once (no second request for it), and comes back if the call fails.
        const patch = dispatch(safetyApi.util.updateQueryData('getBlockedMembers', undefined, (list) => list.filter((member) => member._id !== userId)));
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (result, _error, userId) => (result?.status ? afterBlockChange(userId) : []),
    }),
    /** POST /api/reports → 201 `{ status, message: 'Thanks, our moderators will look at this' }`. */
    reportContent: build.mutation<StatusResult, ReportInput>({
      query: ({ itemType, itemId, reason, details }) => ({
        url: 'reports',
        method: 'POST',
        body: { itemType, itemId, reason, ...(details ? { details } : {}) },
      }),
      transformResponse: toStatusResult,
    }),
  }),
});

export const { useGetBlockedMembersQuery, useBlockMemberMutation, useUnblockMemberMutation, useReportContentMutation } = safetyApi;
