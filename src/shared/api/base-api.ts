import { createApi } from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import { sessionCleared, sessionExpired } from '../auth';
import { createBaseQuery } from './base-query';
import { clearOfflineData } from './offline-entry';
import { runSessionEndHooks } from './session-hooks';

/** Every tag the product uses, declared once, so a typo cannot invent a tag; each one is provided by a query. */
export const tagTypes = [
  'User',
  'Notification',
  'NotificationPreference',
  'Trip',
  'Companion',
  'Need',
  'Event',
  'EventAttendees',
  'EventUpdates',
  'MyEvents',
  'CalendarFeed',
  'Skill',
  'Whisper',
  'WhisperProfile',
  'Comment',
  'Challenge',
  'JoinedChallenge',
  'Message',
  'FriendRequest',
  'Search',
  'Block',
  'Moderation',
] as const;

export type TagType = (typeof tagTypes)[number];

/** The one api slice; resources add their endpoints with `baseApi.injectEndpoints` in ./endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery((api) => endSession(api.dispatch, 'expired')),
  tagTypes,
  endpoints: () => ({}),
});

export type SessionEndReason = 'logout' | 'deleted' | 'expired';

/**
 * The one way a session ends, whatever ends it. At once: the session and ALL of localStorage are
 * cleared (the session listener), what is kept for offline use is emptied, and the socket and anything else registered with `onSessionEnd`
 * close. Then the api state is reset, once `settled` (a request that must not be aborted, like the
 * logout call itself) has finished either way. 'expired' (the server refused the token) also makes
 * the app say so and go to /login.
 */
export async function endSession(dispatch: Dispatch, reason: SessionEndReason, settled?: Promise<unknown>): Promise<void> {
  dispatch(reason === 'expired' ? sessionExpired() : sessionCleared());
  // What the member saw and what waited to be sent go with the session: nothing of theirs stays
  // on the device for the next one (offline-entry.ts; the queue's memory empties with the hooks).
  // No answer still on its way is written after this line.
  void clearOfflineData();
  runSessionEndHooks();
  await settled?.catch(() => undefined);
  dispatch(baseApi.util.resetApiState());
}
