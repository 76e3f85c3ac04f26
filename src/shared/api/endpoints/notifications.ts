import { baseApi } from '../base-api';
import { optimisticUpdate } from '../optimistic';
import { subscribeWhileCached } from '../realtime';
import { providesList } from '../tags';
import { asString, isRecord, pickList, readItems } from './wire';

export interface Notification {
  _id: string;
  /** Optional kind ('award', 'promo', ...); '' when the server sends none. */
  type: string;
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
}

function toNotification(value: unknown): Notification | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    type: asString(value.type),
    title: asString(value.title),
    message: asString(value.body, asString(value.message)),
    createdAt: asString(value.createdAt),
    read: value.read === true,
  };
}

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
  }),
});

export const MARK_READ_FAILED = 'Could not mark the notification as read. Please try again.';

export const { useGetNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationsApi;
