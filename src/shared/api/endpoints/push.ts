import { baseApi } from '../base-api';
import { asString, isRecord } from './wire';

/** A browser's PushSubscription as `toJSON()` gives it: what the server keeps for the device. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** `{ success, data: { publicKey } }` → the key; '' for anything else. */
export const toPushKey = (body: unknown): string => (isRecord(body) && isRecord(body.data) ? asString(body.data.publicKey) : '');

export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/push/key (no sign-in): the server's VAPID public key, the browser's `applicationServerKey`. */
    getPushKey: build.query<string, void>({
      query: () => 'push/key',
      transformResponse: toPushKey,
    }),
    /** POST /api/push/subscriptions: push on for this device (kept for this session; the same endpoint again updates it). */
    subscribePush: build.mutation<void, PushSubscriptionBody>({
      query: (body) => ({ url: 'push/subscriptions', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    /** DELETE /api/push/subscriptions { endpoint }: push off for this device (only the caller's own). */
    unsubscribePush: build.mutation<void, string>({
      query: (endpoint) => ({ url: 'push/subscriptions', method: 'DELETE', body: { endpoint } }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useGetPushKeyQuery, useLazyGetPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } = pushApi;
