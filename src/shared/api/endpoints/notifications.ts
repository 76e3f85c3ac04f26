import { baseApi } from '../base-api';
import { optimisticUpdate } from '../optimistic';
import { subscribeWhileCached } from '../realtime';
import { providesList } from '../tags';
import { asString, asStrings, isRecord, pickList, readItems } from './wire';

export interface Notification {
  _id: string;
  /** What it is about ('message', 'like', 'badge', ... from the server's `kind`, or a `type` such as 'award'); '' when none is sent. */
  type: string;
  title: string;
  message: string;
  /** The app path it opens (a conversation, a whisper, an event); '' when none, or not a path of this app. */
  link: string;
  createdAt: string;
  read: boolean;
}

/** Only a path of this app ('/…', never '//host' or a scheme): a notification never sends anyone elsewhere. */
const appPath = (value: unknown) => {
  const path = asString(value);
  return path.startsWith('/') && !path.startsWith('//') ? path : '';
};

function toNotification(value: unknown): Notification | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    type: asString(value.kind, asString(value.type)),
    title: asString(value.title),
    message: asString(value.body, asString(value.message)),
    link: appPath(value.link),
    createdAt: asString(value.createdAt),
    read: value.read === true,
  };
}

/** A member's channels for one kind of notification (Settings → Notifications). */
export interface NotificationPreference {
  /** 'message', 'friend-request', 'follower', 'like', 'comment', 'reply', 'event', 'badge', 'moderation'. */
  kind: string;
  inApp: boolean;
  email: boolean;
  /** Pushed to the member's devices that have push on. */
  push: boolean;
}

function toPreference(value: unknown): NotificationPreference | null {
  if (!isRecord(value) || typeof value.kind !== 'string') return null;
  return { kind: value.kind, inApp: value.inApp === true, email: value.email === true, push: value.push === true };
}

/** `{ success, data: [{ kind, inApp, email, push }] }`; anything else is []. */
export const toPreferences = (body: unknown): NotificationPreference[] => readItems(pickList(body, ['data']), toPreference);

/** `{ success, data: { kinds } }`: the kinds an unsubscribe link turns e-mail off for. */
export const toUnsubscribeKinds = (body: unknown): string[] => (isRecord(body) && isRecord(body.data) ? asStrings(body.data.kinds) : []);

/** Reads `{ data }` (the server's envelope), also `[...]`, `{ notifications }`, `{ data: { notifications } }`; anything else is []. */
export const toNotifications = (body: unknown): Notification[] =>
  readItems(pickList(body, ['data', 'notifications', 'data.notifications']), toNotification);

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications (bearer) → `{ success, data: [{ _id, title, body, createdAt, read }] }`, newest first. */
    getNotifications: build.query<Notification[], void>({
      query: () => 'notifications',
      transformResponse: toNotifications,
      providesTags: providesList('Notification'),
      /**
       * Live: the server's 'notification' (something new) and 'notifications-read' (read in another
       * tab) events, and a reconnect (what came while the socket was down), read the list again.
       */
      async onCacheEntryAdded(_arg, lifecycle) {
        const refetch = () => lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'Notification', id: 'LIST' }]));
        await subscribeWhileCached(lifecycle, { events: { notification: refetch, 'notifications-read': refetch }, onResync: refetch });
      },
    }),
    /** POST /api/notifications/{id}/read: read at once in the list, undone if the call fails. */
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      transformResponse: () => undefined,
      async onQueryStarted(id, lifecycle) {
        const patch = notificationsApi.util.updateQueryData('getNotifications', undefined, (items) => {
          for (const item of items) if (item._id === id) item.read = true;
        });
        await optimisticUpdate(lifecycle, [patch], { failureText: MARK_READ_FAILED });
      },
    }),
    /** POST /api/notifications/read-all: every notification read at once, undone if the call fails. */
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: 'notifications/read-all', method: 'POST' }),
      transformResponse: () => undefined,
      async onQueryStarted(_arg, lifecycle) {
        const patch = notificationsApi.util.updateQueryData('getNotifications', undefined, (items) => {
          for (const item of items) item.read = true;
        });
        await optimisticUpdate(lifecycle, [patch], { failureText: MARK_READ_FAILED });
      },
    }),
    /** GET /api/notifications/preferences → every kind with the member's channels (or the kind's default). */
    getNotificationPreferences: build.query<NotificationPreference[], void>({
      query: () => 'notifications/preferences',
      transformResponse: toPreferences,
      providesTags: [{ type: 'NotificationPreference', id: 'LIST' }],
    }),
    /**
     * PUT /api/notifications/preferences with one kind's channels: changed at once on screen. A
     * switch can be clicked again while this is pending, so a failure reads the list again from the
     * server (instead of undoing over a later click) and says so.
     */
    updateNotificationPreference: build.mutation<void, NotificationPreference>({
      query: (preference) => ({ url: 'notifications/preferences', method: 'PUT', body: [preference] }),
      transformResponse: () => undefined,
      async onQueryStarted(preference, lifecycle) {
        const patch = notificationsApi.util.updateQueryData('getNotificationPreferences', undefined, (items) => {
          for (const item of items) if (item.kind === preference.kind) Object.assign(item, preference);
        });
        await optimisticUpdate(lifecycle, [patch], {
          failureText: PREFERENCE_SAVE_FAILED,
          revalidate: [{ type: 'NotificationPreference', id: 'LIST' }],
        });
      },
    }),
    /** GET /api/notifications/unsubscribe?token= (no sign-in): the kinds the link would stop e-mails for; 400/410 for a bad or old link. */
    getUnsubscribeLink: build.query<string[], string>({
      query: (token) => ({ url: 'notifications/unsubscribe', params: { token } }),
      transformResponse: toUnsubscribeKinds,
    }),
    /** POST /api/notifications/unsubscribe?token= (no sign-in): e-mail off for the link's kinds. */
    unsubscribeFromEmails: build.mutation<string[], string>({
      query: (token) => ({ url: 'notifications/unsubscribe', method: 'POST', params: { token } }),
      transformResponse: toUnsubscribeKinds,
      invalidatesTags: [{ type: 'NotificationPreference', id: 'LIST' }],
    }),
  }),
});

export const PREFERENCE_SAVE_FAILED = 'Could not save your notification settings. Please try again.';
export const MARK_READ_FAILED = 'Could not mark the notification as read. Please try again.';

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferenceMutation,
  useGetUnsubscribeLinkQuery,
  useUnsubscribeFromEmailsMutation,
} = notificationsApi;
