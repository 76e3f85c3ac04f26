import { baseApi } from '../base-api';
import { providesList } from '../tags';
import { asString, isRecord, pickList } from './wire';

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
  pickList(body, ['data', 'notifications', 'data.notifications'])
    .map(toNotification)
    .filter((item): item is Notification => item !== null);

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/notifications (bearer) → `{ success, data: [{ _id, title, body, createdAt, read }] }`, newest first. */
    getNotifications: build.query<Notification[], void>({
      query: () => 'notifications',
      transformResponse: toNotifications,
      providesTags: providesList('Notification'),
    }),
  }),
});

export const { useGetNotificationsQuery } = notificationsApi;
