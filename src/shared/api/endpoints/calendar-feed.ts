import { baseApi } from '../base-api';
import { asString, isRecord } from './wire';

// server/modules/events: GET, POST and DELETE /api/calendar-feed: the signed-in member's private
// calendar feed (a URL with a secret that calendar apps subscribe to).

/** The feed's address; null when the member has none. */
const toFeedUrl = (body: unknown): string | null => (isRecord(body) && typeof body.url === 'string' && body.url !== '' ? asString(body.url) : null);

export const calendarFeedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/calendar-feed → `{ success, url }`. */
    getCalendarFeed: build.query<string | null, void>({
      query: () => 'calendar-feed',
      transformResponse: toFeedUrl,
      providesTags: ['CalendarFeed'],
    }),
    /** POST /api/calendar-feed → `{ success, url }`: makes the feed, or revokes its URL for a new one. */
    renewCalendarFeed: build.mutation<string | null, void>({
      query: () => ({ url: 'calendar-feed', method: 'POST' }),
      transformResponse: toFeedUrl,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
        } catch {
          // The settings block shows the error.
        }
      },
    }),
    /** DELETE /api/calendar-feed → `{ success, url: null }`: no feed any more. */
    turnOffCalendarFeed: build.mutation<string | null, void>({
      query: () => ({ url: 'calendar-feed', method: 'DELETE' }),
      transformResponse: toFeedUrl,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, null));
        } catch {
          // The settings block shows the error.
        }
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useRenewCalendarFeedMutation, useTurnOffCalendarFeedMutation } = calendarFeedApi;
