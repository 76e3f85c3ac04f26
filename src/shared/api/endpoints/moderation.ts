import { baseApi, type TagType } from '../base-api';
import { asString, asStrings, isRecord, pickList, readItems, toStatusResult, type StatusResult } from './wire';
import type { ReportItemType, ReportReason } from './safety';

// server/modules/moderation (moderators only; anyone else gets 404): GET /api/moderation/reports,
// /suspensions, /hidden, /log; POST /api/moderation/dismiss, /hide, /restore, /suspend, /unsuspend.

export type AccountStatus = 'active' | 'suspended' | 'deactivated';

export interface ModerationAuthor {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string;
  status: AccountStatus;
}

/** The reported item as members see it (for a user: title = full name, text = bio; a message: text only). */
export interface ReportedContent {
  title: string;
  text: string;
  images: string[];
  author: ModerationAuthor | null;
  hidden: { reason: string; at: string } | null;
}

export interface ItemReport {
  id: string;
  reason: ReportReason;
  details: string;
  createdAt: string;
}

/** An item with open reports; `item` is null when it is gone. */
export interface ReportedItem {
  itemType: ReportItemType;
  itemId: string;
  item: ReportedContent | null;
  reports: ItemReport[];
  latestAt: string;
}

export interface SuspendedAccount {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string;
  reason: string;
  since: string;
  /** null: until a moderator lifts it. */
  until: string | null;
}

export interface HiddenItem {
  itemType: ReportItemType;
  itemId: string;
  title: string;
  reason: string;
  at: string;
}

export type ModerationActionName = 'dismiss' | 'hide' | 'restore' | 'suspend' | 'unsuspend';

export interface ModerationAction {
  id: string;
  action: ModerationActionName;
  itemType: string;
  itemId: string;
  reason: string;
  createdAt: string;
  moderator: { id: string; username: string };
}

/** What the reason fields take. */
export const MODERATION_REASON_MAX = 500;

export interface ItemRef {
  itemType: ReportItemType;
  itemId: string;
}

const ITEM_TYPES: readonly ReportItemType[] = ['user', 'whisper', 'need', 'event', 'skill', 'message', 'comment'];
const REASONS: readonly ReportReason[] = ['spam', 'scam', 'harassment', 'unsafe-meeting', 'inappropriate', 'other'];
const STATUSES: readonly AccountStatus[] = ['active', 'suspended', 'deactivated'];
const ACTIONS: readonly ModerationActionName[] = ['dismiss', 'hide', 'restore', 'suspend', 'unsuspend'];

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | null => list.find((item) => item === value) ?? null;
const idOf = (value: Record<string, unknown>) => asString(value.id);

function toAuthor(value: unknown): ModerationAuthor | null {
  if (!isRecord(value) || idOf(value) === '') return null;
  return {
    id: idOf(value),
    username: asString(value.username),
    firstName: asString(value.firstName),
    lastName: asString(value.lastName),
    profileImage: asString(value.profileImage),
    status: oneOf(STATUSES, value.status) ?? 'active',
  };
}

function toContent(value: unknown): ReportedContent | null {
  if (!isRecord(value)) return null;
  const hidden = isRecord(value.hidden) ? { reason: asString(value.hidden.reason), at: asString(value.hidden.at) } : null;
  return { title: asString(value.title), text: asString(value.text), images: asStrings(value.images), author: toAuthor(value.author), hidden };
}

function toReport(value: unknown): ItemReport | null {
  if (!isRecord(value) || idOf(value) === '') return null;
  return { id: idOf(value), reason: oneOf(REASONS, value.reason) ?? 'other', details: asString(value.details), createdAt: asString(value.createdAt) };
}

function toReportedItem(value: unknown): ReportedItem | null {
  if (!isRecord(value)) return null;
  const itemType = oneOf(ITEM_TYPES, value.itemType);
  const itemId = asString(value.itemId);
  if (!itemType || itemId === '') return null;
  return {
    itemType,
    itemId,
    item: toContent(value.item),
    reports: readItems(Array.isArray(value.reports) ? value.reports : [], toReport),
    latestAt: asString(value.latestAt),
  };
}

function toSuspended(value: unknown): SuspendedAccount | null {
  if (!isRecord(value) || idOf(value) === '') return null;
  return {
    id: idOf(value),
    username: asString(value.username),
    firstName: asString(value.firstName),
    lastName: asString(value.lastName),
    profileImage: asString(value.profileImage),
    reason: asString(value.reason),
    since: asString(value.since),
    until: typeof value.until === 'string' && value.until !== '' ? value.until : null,
  };
}

function toHiddenItem(value: unknown): HiddenItem | null {
  if (!isRecord(value)) return null;
  const itemType = oneOf(ITEM_TYPES, value.itemType);
  const itemId = asString(value.itemId);
  if (!itemType || itemId === '') return null;
  return { itemType, itemId, title: asString(value.title), reason: asString(value.reason), at: asString(value.at) };
}

function toAction(value: unknown): ModerationAction | null {
  if (!isRecord(value) || idOf(value) === '') return null;
  const action = oneOf(ACTIONS, value.action);
  if (!action) return null;
  const moderator = isRecord(value.moderator) ? value.moderator : {};
  return {
    id: idOf(value),
    action,
    itemType: asString(value.itemType),
    itemId: asString(value.itemId),
    reason: asString(value.reason),
    createdAt: asString(value.createdAt),
    moderator: { id: asString(moderator.id), username: asString(moderator.username) },
  };
}

export const toReportedItems = (body: unknown) => readItems(pickList(body, ['items']), toReportedItem);
export const toSuspendedAccounts = (body: unknown) => readItems(pickList(body, ['users']), toSuspended);
export const toHiddenItems = (body: unknown) => readItems(pickList(body, ['items']), toHiddenItem);
export const toModerationLog = (body: unknown) => readItems(pickList(body, ['actions']), toAction);

type Tag = { type: TagType; id: string };
const REPORTS: Tag = { type: 'Moderation', id: 'REPORTS' };
const SUSPENSIONS: Tag = { type: 'Moderation', id: 'SUSPENSIONS' };
const HIDDEN: Tag = { type: 'Moderation', id: 'HIDDEN' };
const LOG: Tag = { type: 'Moderation', id: 'LOG' };

/** The tag type of the members' own views of a reported item, so they show what moderators did. */
const CONTENT_TAGS: Record<ReportItemType, TagType> = {
  user: 'User',
  whisper: 'Whisper',
  need: 'Need',
  event: 'Event',
  skill: 'Skill',
  message: 'Message',
  comment: 'Comment',
};

/** The lists that show an item of that type (a message: the inbox; a user: none of its own). */
const LIST_IDS: Partial<Record<TagType, string>> = { Whisper: 'LIST', Need: 'LIST', Event: 'LIST', Skill: 'LIST', Message: 'INBOX' };

/** An item hidden or restored: moderation lists, and the members' lists and detail of that item. */
const contentChanged = ({ itemType, itemId }: ItemRef): Tag[] => {
  const type = CONTENT_TAGS[itemType] as TagType | undefined;
  if (!type) return [REPORTS, HIDDEN, LOG];
  const list = LIST_IDS[type];
  return [REPORTS, HIDDEN, LOG, { type, id: itemId }, ...(list ? [{ type, id: list }] : [])];
};

/** An account suspended or its suspension lifted: its content comes and goes from every list. */
const accountChanged = (userId: string): (Tag | TagType)[] => [
  REPORTS, SUSPENSIONS, HIDDEN, LOG, { type: 'User', id: userId }, 'WhisperProfile',
  { type: 'Whisper', id: 'LIST' }, { type: 'Need', id: 'LIST' }, { type: 'Event', id: 'LIST' }, { type: 'Skill', id: 'LIST' },
];

const post = (path: string) => (body: object) => ({ url: `moderation/${path}`, method: 'POST', body });
const onSuccess = <A>(tags: (arg: A) => (Tag | TagType)[]) => (result: StatusResult | undefined, _error: unknown, arg: A) => (result?.status ? tags(arg) : []);

export const moderationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/moderation/reports → items with open reports, the newest report first. */
    getModerationReports: build.query<ReportedItem[], void>({
      query: () => 'moderation/reports',
      transformResponse: toReportedItems,
      providesTags: [REPORTS],
    }),
    /** GET /api/moderation/suspensions → the suspended accounts. */
    getSuspensions: build.query<SuspendedAccount[], void>({
      query: () => 'moderation/suspensions',
      transformResponse: toSuspendedAccounts,
      providesTags: [SUSPENSIONS],
    }),
    /** GET /api/moderation/hidden → hidden content, newest first. */
    getHiddenContent: build.query<HiddenItem[], void>({
      query: () => 'moderation/hidden',
      transformResponse: toHiddenItems,
      providesTags: [HIDDEN],
    }),
    /** GET /api/moderation/log → the latest 100 actions, newest first. */
    getModerationLog: build.query<ModerationAction[], void>({
      query: () => 'moderation/log',
      transformResponse: toModerationLog,
      providesTags: [LOG],
    }),
    /** POST /api/moderation/dismiss { itemType, itemId, reason? } → 'Reports dismissed.' */
    dismissReports: build.mutation<StatusResult, ItemRef & { reason?: string }>({
      query: post('dismiss'),
      transformResponse: toStatusResult,
      invalidatesTags: onSuccess(() => [REPORTS, LOG]),
    }),
    /** POST /api/moderation/hide { itemType (not 'user'), itemId, reason } → 'Content hidden.' */
    hideContent: build.mutation<StatusResult, ItemRef & { reason: string }>({
      query: post('hide'),
      transformResponse: toStatusResult,
      invalidatesTags: onSuccess(contentChanged),
    }),
    /** POST /api/moderation/restore { itemType, itemId, reason? } → 'Content restored.' */
    restoreContent: build.mutation<StatusResult, ItemRef & { reason?: string }>({
      query: post('restore'),
      transformResponse: toStatusResult,
      invalidatesTags: onSuccess(contentChanged),
    }),
    /** POST /api/moderation/suspend { userId, reason, until? } → 'Account suspended.' */
    suspendAccount: build.mutation<StatusResult, { userId: string; reason: string; until?: string }>({
      query: post('suspend'),
      transformResponse: toStatusResult,
      invalidatesTags: onSuccess(({ userId }) => accountChanged(userId)),
    }),
    /** POST /api/moderation/unsuspend { userId, reason? } → 'Suspension lifted.' */
    liftSuspension: build.mutation<StatusResult, { userId: string; reason?: string }>({
      query: post('unsuspend'),
      transformResponse: toStatusResult,
      invalidatesTags: onSuccess(({ userId }) => accountChanged(userId)),
    }),
  }),
});

export const {
  useGetModerationReportsQuery,
  useGetSuspensionsQuery,
  useGetHiddenContentQuery,
  useGetModerationLogQuery,
  useDismissReportsMutation,
  useHideContentMutation,
  useRestoreContentMutation,
  useSuspendAccountMutation,
  useLiftSuspensionMutation,
} = moderationApi;
