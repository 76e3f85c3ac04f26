export { baseApi, tagTypes, endSession } from './base-api';
export type { TagType, SessionEndReason } from './base-api';
export { onSessionEnd } from './session-hooks';
export { isConnectionFailure } from './base-query';
export { offlineQueueMiddleware, startOfflineQueueForMembers } from './offline-entry';
export { useWaitingMessages } from './offline-queue';
export { startOfflineQueue } from './offline-sync';
export type { WaitingMessage } from './offline-queue';
export { optimisticUpdate, cachedArgs } from './optimistic';
export type { OptimisticOptions } from './optimistic';
export { onFailureNotice } from './failure-notice';
export { selectSessionUser, useSessionUser, hydrateSessionUser } from './session-user';
export { providesList } from './tags';
export { cursorPagination, cursorParams, providesPagedList, pageItems } from './infinite-lists';
export type { CursorPage, Cursor, CursorPages } from './infinite-lists';
export { getErrorField, getErrorMessage, getServerMessage, isNetworkError, isNotFound, settleStatus, GENERIC_ERROR } from './errors';
export type { User, UserRole, StatusResult, Moderation } from './endpoints/wire';

export {
  authApi,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  LOGIN_SUCCESS_MESSAGE,
  REGISTER_SUCCESS_MESSAGE,
} from './endpoints/auth';
export type { LoginRequest, LoginResult, RegisterRequest, RegisterResult } from './endpoints/auth';
export { usersApi, useGetUserQuery, useUpdateProfileMutation, useUploadProfileImageMutation } from './endpoints/users';
export type { ProfileUpdate, ProfileUpdateResult, ProfileImageResult } from './endpoints/users';
export {
  accountApi,
  useDeleteAccountMutation,
  useChangePasswordMutation,
  useSendEmailOtpMutation,
  useVerifyEmailOtpMutation,
} from './endpoints/account';
export type { ChangePasswordRequest, VerifyEmailOtpResult } from './endpoints/account';
export {
  passwordResetApi,
  useRequestPasswordResetMutation,
  useVerifyPasswordResetOtpMutation,
  useResetPasswordMutation,
} from './endpoints/password-reset';
export { geoApi, useReverseGeocodeQuery, useLazyReverseGeocodeQuery, useSearchPlacesQuery, useLazySearchPlacesQuery, toReverseGeocode } from './endpoints/geo';
export type { GeoAddress, GeoPlace, ReverseGeocodeResult } from './endpoints/geo';
export { mapApi, useGetMapPointsQuery, toMapPoints } from './endpoints/map';
export type { MapBounds, MapPoint, MapPointKind } from './endpoints/map';
export {
  notificationsApi,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferenceMutation,
  useGetUnsubscribeLinkQuery,
  useUnsubscribeFromEmailsMutation,
  MARK_READ_FAILED,
  PREFERENCE_SAVE_FAILED,
} from './endpoints/notifications';
export type { Notification, NotificationPreference } from './endpoints/notifications';
export { pushApi, useGetPushKeyQuery, useLazyGetPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation, toPushKey } from './endpoints/push';
export type { PushSubscriptionBody } from './endpoints/push';
export { searchApi, useSearchQuery, toSearchResult } from './endpoints/search';
export type { SearchResult, SearchGroup, NeedHit, EventHit, SkillHit } from './endpoints/search';
export {
  eventsApi,
  useGetEventsInfiniteQuery,
  useGetEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  toEvent,
  toEventPage,
  toEventDetail,
  eventCalendarUrl,
} from './endpoints/events';
export type { TravelEvent, EventDetail, EventOrganiser, EventFilters, EventInput, EventSaved, Attendance, RsvpStatus } from './endpoints/events';
export {
  eventAttendanceApi,
  useSetEventRsvpMutation,
  useGetEventAttendeesQuery,
  useGetEventUpdatesQuery,
  usePostEventUpdateMutation,
  useGetMyEventsQuery,
  expectedAttendance,
  toMyEvents,
  RSVP_FAILED,
} from './endpoints/event-attendance';
export type { RsvpRequest, Attendee, EventUpdate, MyEvent, MyEvents } from './endpoints/event-attendance';
export { calendarFeedApi, useGetCalendarFeedQuery, useRenewCalendarFeedMutation, useTurnOffCalendarFeedMutation } from './endpoints/calendar-feed';
export {
  needsApi,
  useGetNeedsInfiniteQuery,
  useGetNeedQuery,
  useCreateNeedMutation,
  useUpdateNeedMutation,
  useDeleteNeedMutation,
  toNeed,
  NEED_TYPES,
} from './endpoints/needs';
export type { Need, NeedType, NeedInput, NeedLocation, NeedResult } from './endpoints/needs';
export {
  skillsApi,
  useGetSkillsInfiniteQuery,
  useGetSkillQuery,
  useCreateSkillMutation,
  useUpdateSkillMutation,
  useDeleteSkillMutation,
  forgetSkill,
  toSkill,
  toSkillPage,
  SKILL_CATEGORIES,
} from './endpoints/skills';
export type { Skill, SkillOwner, SkillInput, SkillUpdate, SkillResult } from './endpoints/skills';
export { contactApi, useGetContactQuery, toPostContact } from './endpoints/contact';
export type { ContactKind, PostContact } from './endpoints/contact';
export {
  whispersApi,
  useGetWhispersInfiniteQuery,
  useGetWhisperQuery,
  useGetWhisperProfileQuery,
  useCreateWhisperMutation,
  useUpdateWhisperMutation,
  useDeleteWhisperMutation,
  useLikeWhisperMutation,
  useSetFollowMutation,
  toWhisper,
  toWhisperPage,
  toWhisperProfile,
  WHISPER_CATEGORIES,
  FOLLOW_FAILED,
  LIKE_FAILED,
} from './endpoints/whispers';
export type { Whisper, WhisperAuthor, WhisperProfile, WhisperInput, WhisperUpdate, WhisperResult, FriendStatus } from './endpoints/whispers';
export {
  commentsApi,
  useGetCommentsInfiniteQuery,
  useLazyGetOlderRepliesQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  toComment,
  toCommentPage,
  threadsOf,
  COMMENT_MAX,
} from './endpoints/comments';
export type { Comment, CommentAuthor, CommentThread, CommentPage, CommentPages, CommentResult } from './endpoints/comments';
export {
  friendsApi,
  useGetFriendRequestsQuery,
  useSendFriendRequestMutation,
  useAnswerFriendRequestMutation,
  toPendingRequests,
  ANSWER_FAILED,
} from './endpoints/friends';
export type { FriendRequest, PendingRequests, RequestUser } from './endpoints/friends';
export {
  challengesApi,
  useGetChallengesQuery,
  useGetChallengeQuery,
  useGetJoinedChallengesQuery,
  useJoinChallengeMutation,
  useSetChallengeStepMutation,
  toChallenge,
  toChallengeDetail,
  JOIN_TEXTS,
  STEP_FAILED,
} from './endpoints/challenges';
export type { Challenge, ChallengeDetail, ChallengeProgress, JoinedChallenge } from './endpoints/challenges';
export {
  messagesApi,
  useGetInboxQuery,
  useGetConversationInfiniteQuery,
  useSendMessageMutation,
  useMarkConversationReadMutation,
  toInbox,
  toConversationPage,
  otherOf,
  SEND_FAILED,
  queueMessage,
  newestMessageAt,
} from './endpoints/messages';
export type { Message, MessageUser, Correspondent, Conversation, Inbox, ConversationPage } from './endpoints/messages';
export {
  tripsApi,
  useSendTripRequestMutation,
  useGetMyTripsQuery,
  useUpdateTripMutation,
  useCancelTripMutation,
  useGetCompanionsQuery,
  useSetCompanionMatchingMutation,
  toTrip,
  toMyTrips,
  toCompanions,
  MATCHING_FAILED,
} from './endpoints/trips';
export type { Trip, MyTrips, TripInput, TripSaved, TripPlace, Companion, CompanionUser, Companions, MatchingResult } from './endpoints/trips';
export {
  safetyApi,
  useGetBlockedMembersQuery,
  useBlockMemberMutation,
  useUnblockMemberMutation,
  useReportContentMutation,
  toBlockedMembers,
  REPORT_REASONS,
  REPORT_DETAILS_MAX,
  REPORT_THANKS,
  MEMBER_BLOCKED,
  MEMBER_UNBLOCKED,
} from './endpoints/safety';
export type { BlockedMember, ReportItemType, ReportReason, ReportInput } from './endpoints/safety';
export {
  moderationApi,
  useGetModerationReportsQuery,
  useGetSuspensionsQuery,
  useGetHiddenContentQuery,
  useGetModerationLogQuery,
  useDismissReportsMutation,
  useHideContentMutation,
  useRestoreContentMutation,
  useSuspendAccountMutation,
  useLiftSuspensionMutation,
  MODERATION_REASON_MAX,
} from './endpoints/moderation';
export type {
  ReportedItem,
  ReportedContent,
  ItemReport,
  ItemRef,
  ModerationAuthor,
  SuspendedAccount,
  HiddenItem,
  ModerationAction,
  ModerationActionName,
  AccountStatus,
} from './endpoints/moderation';
export { setRealtimeConnector, subscribeRealtime, closeRealtime } from './realtime';
export type { RealtimeSocket } from './realtime';
