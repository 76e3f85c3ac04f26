import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../base-api';
import { optimisticUpdate } from '../optimistic';
import { userPath, usersApi } from './users';
import { asNumber, asString, isRecord, pickList, readItems, toStatusResult, type StatusResult } from './wire';

// server/modules/trips: POST /api/send-trip-request/{userId}, GET /api/users/{id}/trips,
// PUT and DELETE /api/trips/{id}, GET /api/companions, PUT /api/users/{id}/companion-matching.

export const MATCHING_FAILED = 'Could not change who can find you. Please try again.';

/** Spec §3's trip request, as sent (JSON; whole numbers). */
export interface TripInput {
  from: string;
  to: string;
  startDate: string;
  endDate: string;
  peopleCount: number;
  budget: number;
}

/** A planned trip: the request as saved; dates are 'YYYY-MM-DD', `days` is end minus start (at least 1). */
export interface Trip extends TripInput {
  _id: string;
  days: number;
  createdAt: string;
}

/** The traveller's trips: upcoming (ending today or later, UTC) soonest first, past latest first. */
export interface MyTrips {
  upcoming: Trip[];
  past: Trip[];
}

export interface TripSaved extends StatusResult {
  trip: Trip | null;
}

/** Where and when a trip goes (what a companion sees of one). */
export interface TripPlace {
  _id: string;
  to: string;
  startDate: string;
  endDate: string;
}

/** Who, never how to reach them: the server sends no contact details. */
export interface CompanionUser {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  profileImage: string;
}

export interface Companion {
  user: CompanionUser;
  /** Their trip. */
  trip: TripPlace;
  /** The caller's trip it overlaps. */
  myTrip: TripPlace;
  /** Days both are there, both ends included. */
  overlapDays: number;
}

export interface Companions {
  /** The caller's own switch; the list is empty while it is off. */
  matching: boolean;
  companions: Companion[];
}

export interface MatchingResult extends StatusResult {
  enabled: boolean;
}

/** A wire trip, or null when it is not one (no id). */
export function toTrip(value: unknown): Trip | null {
  if (!isRecord(value) || typeof value._id !== 'string' || value._id === '') return null;
  return {
    _id: value._id,
    from: asString(value.from),
    to: asString(value.to),
    startDate: asString(value.startDate),
    endDate: asString(value.endDate),
    peopleCount: asNumber(value.peopleCount),
    budget: asNumber(value.budget),
    days: asNumber(value.days),
    createdAt: asString(value.createdAt),
  };
}

const trips = (value: unknown) => readItems(pickList(value, []), toTrip);

/** `{ success, data: { upcoming, past } }`; any other shape is two empty lists. */
export function toMyTrips(body: unknown): MyTrips {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return { upcoming: trips(data.upcoming), past: trips(data.past) };
}

function toPlace(value: unknown): TripPlace {
  const place = isRecord(value) ? value : {};
  return { _id: asString(place._id), to: asString(place.to), startDate: asString(place.startDate), endDate: asString(place.endDate) };
}

/** A wire companion: only the fields listed here are kept, whatever else an answer might carry. */
function toCompanion(value: unknown): Companion | null {
  if (!isRecord(value) || !isRecord(value.user) || typeof value.user._id !== 'string') return null;
  const { user } = value;
  return {
    user: {
      _id: user._id as string,
      firstName: asString(user.firstName),
      lastName: asString(user.lastName),
      username: asString(user.username),
      profileImage: asString(user.profileImage),
    },
    trip: toPlace(value.trip),
    myTrip: toPlace(value.myTrip),
    overlapDays: asNumber(value.overlapDays),
  };
}

/** `{ success, matching, data }`; any other shape is no list (and the switch read as off). */
export function toCompanions(body: unknown): Companions {
  return {
    matching: isRecord(body) && body.matching === true,
    companions: readItems(pickList(body, ['data']), toCompanion),
  };
}

const toSaved = (body: unknown): TripSaved => ({ ...toStatusResult(body), trip: isRecord(body) ? toTrip(body.trip) : null });

const tripPath = (id: string) => `trips/${encodeURIComponent(id)}`;

/** A change refused because the trip is gone or over (404, 409): the list is out of date too. */
const staleList = (error: FetchBaseQueryError | undefined) => error?.status === 404 || error?.status === 409;

const TRIPS = { type: 'Trip', id: 'LIST' } as const;
const COMPANIONS = { type: 'Companion', id: 'LIST' } as const;

export const tripsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/send-trip-request/{userId} → 201 `{ status, message, trip }`; 400 `{ status: false,
     * message, field }`. The Idempotency-Key lets a retry after a lost answer get the first answer.
     */
    sendTripRequest: build.mutation<TripSaved, { userId: string; input: TripInput; idempotencyKey: string }>({
      query: ({ userId, input, idempotencyKey }) => ({
        url: userPath('send-trip-request', userId),
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: toSaved,
      invalidatesTags: (result) => (result ? [TRIPS, COMPANIONS] : []),
    }),
    /** GET /api/users/{id}/trips → `{ success, data: { upcoming, past } }` (the caller's own only). */
    getMyTrips: build.query<MyTrips, string>({
      query: (userId) => `users/${encodeURIComponent(userId)}/trips`,
      transformResponse: toMyTrips,
      providesTags: (result) => [TRIPS, ...[...(result?.upcoming ?? []), ...(result?.past ?? [])].map(({ _id }) => ({ type: 'Trip' as const, id: _id }))],
    }),
    /** PUT /api/trips/{id} (the same body) → `{ status, message, trip }`; 404 'Trip not found'; 409 when it is over. */
    updateTrip: build.mutation<TripSaved, { id: string; input: TripInput }>({
      query: ({ id, input }) => ({ url: tripPath(id), method: 'PUT', body: input }),
      transformResponse: toSaved,
      invalidatesTags: (result, error, { id }) => (result || staleList(error) ? [TRIPS, { type: 'Trip', id }, COMPANIONS] : []),
    }),
    /** DELETE /api/trips/{id} → `{ status, message: 'Your trip has been cancelled.' }`; 404; 409 when it is over. */
    cancelTrip: build.mutation<StatusResult, string>({
      query: (id) => ({ url: tripPath(id), method: 'DELETE' }),
      transformResponse: toStatusResult,
      invalidatesTags: (result, error) => (result || staleList(error) ? [TRIPS, COMPANIONS] : []),
    }),
    /** GET /api/companions → `{ success, matching, data: [Companion] }`: never contact details. */
    getCompanions: build.query<Companions, void>({
      query: () => 'companions',
      transformResponse: toCompanions,
      providesTags: [COMPANIONS],
    }),
    /**
     * PUT /api/users/{id}/companion-matching { enabled } → `{ status, message, enabled }`. Optimistic:
     * the own profile (GET /api/user/{id}, the switch's one owner) shows the new value at once, and
     * gets the old one back with a short notice if the call fails. The answer's `enabled` is written
     * there too (no refetch of the profile); the companions list is read again.
     */
    setCompanionMatching: build.mutation<MatchingResult, { userId: string; enabled: boolean }>({
      query: ({ userId, enabled }) => ({ url: `users/${encodeURIComponent(userId)}/companion-matching`, method: 'PUT', body: { enabled } }),
      transformResponse: (body: unknown) => ({ ...toStatusResult(body), enabled: isRecord(body) && body.enabled === true }),
      async onQueryStarted({ userId, enabled }, lifecycle) {
        const write = (value: boolean) =>
          usersApi.util.updateQueryData('getUser', userId, (user) => {
            if (user) user.companionMatching = value;
          });
        const confirmed = await optimisticUpdate(lifecycle, [write(enabled)], { failureText: MATCHING_FAILED });
        if (!confirmed) return;
        // Written again: a read of the profile that answered meanwhile may have put the old value back.
        const { data } = await lifecycle.queryFulfilled;
        lifecycle.dispatch(write(data.enabled));
      },
      invalidatesTags: (result) => (result ? [COMPANIONS] : []),
    }),
  }),
});

export const {
  useSendTripRequestMutation,
  useGetMyTripsQuery,
  useUpdateTripMutation,
  useCancelTripMutation,
  useGetCompanionsQuery,
  useSetCompanionMatchingMutation,
} = tripsApi;
