import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { selectToken, type SessionState } from '../auth';
import { getBackendOrigin } from '../config';

/** Every tag the product uses, declared once (conventions 9). */
export const tagTypes = [
  'User',
  'Session',
  'Notification',
  'Trip',
  'Need',
  'Event',
  'Skill',
  'Whisper',
  'WhisperProfile',
  'Challenge',
  'JoinedChallenge',
  'Message',
  'FriendRequest',
  'Search',
] as const;

export type TagType = (typeof tagTypes)[number];

let rawBaseQuery: ReturnType<typeof fetchBaseQuery> | undefined;

/**
 * Built on first use so the runtime config (/config.js, or the jest setup) is read after it is set.
 * The base is absolute even when apiUrl is '' (fetch in jest has no document base URL: stack-notes P9).
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extraOptions) => {
  rawBaseQuery ??= fetchBaseQuery({
    baseUrl: `${getBackendOrigin()}/api/`,
    prepareHeaders: (headers, { getState }) => {
      const token = selectToken(getState() as { session: SessionState });
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return rawBaseQuery(args, api, extraOptions);
};

/** The one api slice; resources add their endpoints with `baseApi.injectEndpoints` in ./endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  endpoints: () => ({}),
});
