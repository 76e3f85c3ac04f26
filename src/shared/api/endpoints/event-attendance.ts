import { baseApi } from '../base-api';
import { getServerMessage } from '../errors';
import type { CursorPages } from '../infinite-lists';
import { queueable, type QueueableArgs } from '../offline-entry';
import { cachedArgs, optimisticUpdate } from '../optimistic';
import { eventPath, eventsApi, toAttendance, toEvent, type Attendance, type EventFilters, type RsvpStatus, type TravelEvent } from './events';
import { asString, isRecord, readItems } from './wire';

// server/modules/events: PUT /api/events/{id}/rsvp, GET /api/events/{id}/attendees,
// GET and POST /api/events/{id}/updates, GET /api/events/mine (server/README.md "Events people can go to").

export const RSVP_FAILED = 'Could not save your answer. Please try again.';

/** What a member may answer; leaving is 'none'. Past the capacity, 'going' joins the waitlist. */
export type RsvpRequest = 'going' | 'interested' | 'none';

/** A member going, as the list of who is going shows them. */
export interface Attendee {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string;
}

export interface EventUpdate {
  _id: string;
  text: string;
  createdAt: string;
}

/** An event on the member's own lists, with their answer to it. */
export interface MyEvent extends TravelEvent {
  myStatus: RsvpStatus;
}

/** The profile's "My events". */
export interface MyEvents {
  going: MyEvent[];
  interested: MyEvent[];
  organised: MyEvent[];
  past: MyEvent[];
}

const toAttendee = (value: unknown): Attendee | null =>
  isRecord(value) && typeof value._id === 'string'
    ? { _id: value._id, username: asString(value.username), firstName: asString(value.firstName), lastName: asString(value.lastName), profileImage: asString(value.profileImage) }
    : null;

const toUpdate = (value: unknown): EventUpdate | null =>
  isRecord(value) && typeof value._id === 'string' ? { _id: value._id, text: asString(value.text), createdAt: asString(value.createdAt) } : null;

const listOf = <T>(body: unknown, key: string, toItem: (value: unknown) => T | null): T[] =>
  isRecord(body) && Array.isArray(body[key]) ? readItems(body[key] as unknown[], toItem) : [];

const toMyEvent = (value: unknown): MyEvent | null => {
  const event = toEvent(value);
  const status = isRecord(value) ? value.myStatus : undefined;
  return event && { ...event, myStatus: status === 'going' || status === 'interested' || status === 'waiting' ? status : 'none' };
};

export const toMyEvents = (body: unknown): MyEvents => ({
  going: listOf(body, 'going', toMyEvent),
  interested: listOf(body, 'interested', toMyEvent),
  organised: listOf(body, 'organised', toMyEvent),
  past: listOf(body, 'past', toMyEvent),
});

/**
 * What the answer will most likely be, shown while it is on its way: the member's own status and
 * the counts moved by one. "Going" to a full event (or one with a line) is the end of the waitlist.
 * The server's answer then replaces it (someone may have moved up meanwhile).
 */
export function expectedAttendance(current: Attendance, request: RsvpRequest): Attendance {
  const before = current.myStatus;
  if (request === 'going' && (before === 'going' || before === 'waiting')) return current;
  if (request === before) return current;
  const next = { ...current };
  if (before === 'going') next.going -= 1;
  if (before === 'interested') next.interested -= 1;
  if (before === 'waiting') next.waiting -= 1;
  next.waitlistPosition = null;
  if (request === 'interested') {
    next.interested += 1;
    next.myStatus = 'interested';
  } else if (request === 'going') {
    const full = current.capacity !== null && (current.going >= current.capacity || current.waiting > 0);
    if (full) {
      next.waiting += 1;
      next.myStatus = 'waiting';
      next.waitlistPosition = next.waiting;
    } else {
      next.going += 1;
      next.myStatus = 'going';
    }
  } else {
    next.myStatus = 'none';
  }
  return next;
}

/** An answer without an attendance (not one of ours): nothing known. */
const EMPTY: Attendance = { capacity: null, going: 0, interested: 0, waiting: 0, myStatus: 'none', waitlistPosition: null };

type RsvpArgs = { eventId: string; status: RsvpRequest } & QueueableArgs;

/** A patch of every cached view of the event's attendance: its detail page and the list cards' going count. */
function everyAttendanceView(getState: () => unknown, eventId: string, change: (attendance: Attendance) => Attendance) {
  let goingCount: number | undefined;
  const detail = eventsApi.util.updateQueryData('getEvent', eventId, (event) => {
    if (!event?.attendance) return;
    event.attendance = change(event.attendance);
    event.goingCount = event.attendance.going;
    goingCount = event.goingCount;
  });
  const cards = cachedArgs<EventFilters>(getState(), 'getEvents').map((arg) =>
    eventsApi.util.updateQueryData('getEvents', arg, (data: CursorPages<TravelEvent>) => {
      for (const page of data.pages) {
        for (const item of page.items) if (item._id === eventId && goingCount !== undefined) item.goingCount = goingCount;
      }
    }));
  return [detail, ...cards];
}

export const eventAttendanceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * PUT /api/events/{id}/rsvp `{ status }` → `{ success, attendance }`. Optimistic on the detail
     * page (the buttons, counts and waitlist place) and the list cards' going count; undone with a
     * toast if the server refuses, then set to the server's answer. The buttons wait while one is
     * pending, so a second click never races the first. With no connection the answer waits in the
     * offline queue (under its Idempotency-Key), shown as given meanwhile.
     */
    setEventRsvp: build.mutation<Attendance, RsvpArgs>({
      query: ({ eventId, status, idempotencyKey }) => ({
        url: `${eventPath(eventId)}/rsvp`, method: 'PUT', body: { status }, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
      transformResponse: (body: unknown) => toAttendance(isRecord(body) ? body.attendance : undefined) ?? EMPTY,
      async onQueryStarted(args, lifecycle) {
        const { eventId, status } = args;
        const confirmed = await optimisticUpdate(lifecycle, everyAttendanceView(lifecycle.getState, eventId, (attendance) => expectedAttendance(attendance, status)), {
          // The server's words when it gives a reason ('This event has ended.'), else ours.
          failureText: (error) => getServerMessage(error) ?? RSVP_FAILED,
          queue: { endpoint: 'setEventRsvp', args, rollback: [{ type: 'Event', id: eventId }, { type: 'Event', id: 'LIST' }, { type: 'EventAttendees', id: eventId }, 'MyEvents'] },
        });
        if (!confirmed) return;
        const { data } = await lifecycle.queryFulfilled;
        for (const patch of everyAttendanceView(lifecycle.getState, eventId, () => data)) lifecycle.dispatch(patch);
        lifecycle.dispatch(baseApi.util.invalidateTags([{ type: 'EventAttendees', id: eventId }, 'MyEvents']));
      },
    }),
    /** GET /api/events/{id}/attendees → `{ success, attendees }` (signed in): who is going, names and pictures. */
    getEventAttendees: build.query<Attendee[], string>({
      query: (id) => `${eventPath(id)}/attendees`,
      transformResponse: (body: unknown) => listOf(body, 'attendees', toAttendee),
      providesTags: (_result, _error, id) => [{ type: 'EventAttendees', id }],
    }),
    /** GET /api/events/{id}/updates → `{ success, updates }`, newest first. */
    getEventUpdates: build.query<EventUpdate[], string>({
      query: (id) => `${eventPath(id)}/updates`,
      transformResponse: (body: unknown) => listOf(body, 'updates', toUpdate),
      providesTags: (_result, _error, id) => [{ type: 'EventUpdates', id }],
    }),
    /** POST /api/events/{id}/updates `{ text }` (the organiser) → 201 `{ success, message, update }`; put first in the list. */
    postEventUpdate: build.mutation<{ message: string; update: EventUpdate | null }, { eventId: string; text: string }>({
      query: ({ eventId, text }) => ({ url: `${eventPath(eventId)}/updates`, method: 'POST', body: { text } }),
      transformResponse: (body: unknown) => ({ message: isRecord(body) ? asString(body.message) : '', update: isRecord(body) ? toUpdate(body.update) : null }),
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { update } = data;
          if (update) dispatch(eventAttendanceApi.util.updateQueryData('getEventUpdates', eventId, (list) => [update, ...list.filter((item) => item._id !== update._id)]));
        } catch {
          // The form shows the error.
        }
      },
    }),
    /** GET /api/events/mine → the signed-in member's going, interested, organised and past events. */
    getMyEvents: build.query<MyEvents, void>({
      query: () => 'events/mine',
      transformResponse: toMyEvents,
      providesTags: ['MyEvents', { type: 'Event', id: 'LIST' }],
    }),
  }),
});

// Waiting in the offline queue, an answer is shown as given on every answer read meanwhile
// (expectedAttendance changes nothing when the answer is already the member's).
queueable<RsvpArgs>('setEventRsvp', (args, { dispatch, getState }) => {
  const { eventId, status } = args;
  for (const patch of everyAttendanceView(getState, eventId, (attendance) => expectedAttendance(attendance, status))) dispatch(patch as never);
});

export const {
  useSetEventRsvpMutation,
  useGetEventAttendeesQuery,
  useGetEventUpdatesQuery,
  usePostEventUpdateMutation,
  useGetMyEventsQuery,
} = eventAttendanceApi;
