import { getBackendOrigin } from '../../config';
import { baseApi } from '../base-api';
import { toFormData } from '../form-data';
import { cursorPagination, cursorParams, providesPagedList, toCursorPage, type Cursor, type CursorPage } from '../infinite-lists';
import { asNumber, asString, isRecord, moderationOf, type Moderation } from './wire';

// server/modules/events: GET /api/all-requests, GET /api/join-event/{id}, POST /api/events/{userId},
// PUT and DELETE /api/events/{id}. Going, who is going, updates and My events: event-attendance.ts.

/** The organiser, by name (the Contact button asks for contact details: endpoints/contact.ts). */
export interface EventOrganiser {
  _id: string;
  firstName: string;
  lastName: string;
}

/** A board event ('Event' alone would shadow the DOM's). */
export interface TravelEvent {
  _id: string;
  title: string;
  description: string;
  /** A server path ('/uploads/events/…webp', '/images/stock/…'); '' when there is none. */
  thumbnail: string;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  /** 'HH:MM' or ''. */
  timeFrom: string;
  timeTo: string;
  address: string;
  coordinates: { latitude: number; longitude: number } | null;
  url: string;
  createdBy: EventOrganiser;
  createdAt: string;
  /** At most this many going; null: no limit. */
  capacity: number | null;
  /** The IANA zone its days and times are in (the organiser's); 'UTC' from a server that has none. */
  timeZone: string;
  goingCount: number;
  /** Its organiser only, when moderators hid it. */
  moderation?: Moderation;
}

/** A member's answer to an event; 'waiting' is "Going" past the capacity (the waitlist). */
export type RsvpStatus = 'going' | 'interested' | 'waiting' | 'none';
const RSVP_STATUSES: readonly RsvpStatus[] = ['going', 'interested', 'waiting', 'none'];

/** An event's answers, and where the signed-in member stands. */
export interface Attendance {
  capacity: number | null;
  going: number;
  interested: number;
  waiting: number;
  myStatus: RsvpStatus;
  /** 1 for the first one waiting; null unless waiting. */
  waitlistPosition: number | null;
}

/** The detail page's event: with its attendance (null from a server that has none). */
export interface EventDetail extends TravelEvent {
  attendance: Attendance | null;
}

/** The list's server filters: `q` (title, description or address) and `date` (start day, YYYY-MM-DD). */
export interface EventFilters {
  q?: string;
  date?: string;
}

/** What the form sends (text fields of the multipart body); `thumbnail` only when a file was chosen. */
export interface EventInput {
  title: string;
  description: string;
  address: string;
  latitude: string;
  longitude: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  /** A whole number of places, or '' for no limit. */
  capacity: string;
  /** The IANA zone the days and times are in. */
  timeZone: string;
  thumbnail?: File;
}

export interface EventSaved {
  message: string;
  event: TravelEvent | null;
}

/** A thumbnail as a path the browser can load: a bare file name lives under /uploads/events. */
const eventImage = (thumbnail: string) => (thumbnail === '' || thumbnail.startsWith('/') ? thumbnail : `/uploads/events/${thumbnail}`);

function toOrganiser(value: unknown): EventOrganiser {
  const source = isRecord(value) ? value : {};
  return {
    _id: asString(source._id),
    firstName: asString(source.firstName),
    lastName: asString(source.lastName),
  };
}

function toCoordinates(value: unknown): TravelEvent['coordinates'] {
  if (!isRecord(value)) return null;
  const latitude = asNumber(value.latitude, Number.NaN);
  const longitude = asNumber(value.longitude, Number.NaN);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

const capacityOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

/** Normalises a wire attendance; null when there is none. */
export function toAttendance(value: unknown): Attendance | null {
  if (!isRecord(value)) return null;
  const position = asNumber(value.waitlistPosition, 0);
  return {
    capacity: capacityOf(value.capacity),
    going: asNumber(value.going),
    interested: asNumber(value.interested),
    waiting: asNumber(value.waiting),
    myStatus: RSVP_STATUSES.find((status) => status === value.myStatus) ?? 'none',
    waitlistPosition: position > 0 ? position : null,
  };
}

/** Normalises a wire event; null when it is not one (no id). */
export function toEvent(value: unknown): TravelEvent | null {
  if (!isRecord(value) || typeof value._id !== 'string' || value._id === '') return null;
  const location = isRecord(value.location) ? value.location : {};
  return {
    _id: value._id,
    title: asString(value.title),
    description: asString(value.description),
    thumbnail: eventImage(asString(value.thumbnail)),
    startDate: asString(value.startDate),
    endDate: asString(value.endDate),
    timeFrom: asString(value.timeFrom),
    timeTo: asString(value.timeTo),
    address: asString(value.address, asString(location.address)),
    coordinates: toCoordinates(location.coordinates),
    url: asString(value.url),
    createdBy: toOrganiser(value.createdBy),
    createdAt: asString(value.createdAt),
    capacity: capacityOf(value.capacity),
    timeZone: asString(value.timeZone, 'UTC') || 'UTC',
    goingCount: asNumber(value.goingCount),
    ...moderationOf(value),
  };
}

/** The detail answer's event with its attendance. */
export function toEventDetail(value: unknown): EventDetail | null {
  const event = toEvent(value);
  return event && { ...event, attendance: isRecord(value) ? toAttendance(value.attendance) : null };
}

/** `{ events, nextCursor }`. */
export const toEventPage = (body: unknown) => toCursorPage(body, 'events', toEvent);

const toSaved = (body: unknown): EventSaved => ({
  message: isRecord(body) ? asString(body.message) : '',
  event: isRecord(body) ? toEvent(body.event) : null,
});

/** Only the filters given, trimmed: an empty search is no filter (and one cache entry). */
export function eventFilterParams({ q, date }: EventFilters): EventFilters {
  const params: EventFilters = {};
  if (q?.trim()) params.q = q.trim();
  if (date) params.date = date;
  return params;
}

const toEventForm = ({ title, description, address, latitude, longitude, startDate, endDate, startTime, endTime, capacity, timeZone, thumbnail }: EventInput) =>
  // Optional times: an empty one is left out rather than sent as a malformed time. The capacity is
  // always sent: '' is "no limit" (left out, an edit would keep the old one).
  toFormData({
    title, description, address, latitude, longitude, startDate, endDate, startTime: startTime || undefined, endTime: endTime || undefined,
    capacity, timeZone, thumbnail,
  });

export const eventPath = (id: string) => `events/${encodeURIComponent(id)}`;

/** "Add to calendar": the event's .ics file (GET /api/events/{id}/ics), a plain download link. */
export const eventCalendarUrl = (id: string) => `${getBackendOrigin()}/api/${eventPath(id)}/ics`;

export const eventsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/all-requests?q&date&cursor → `{ success, events, nextCursor }`, newest first. */
    getEvents: build.infiniteQuery<CursorPage<TravelEvent>, EventFilters, Cursor>({
      infiniteQueryOptions: cursorPagination,
      query: ({ queryArg, pageParam }) => ({ url: 'all-requests', params: cursorParams(pageParam, eventFilterParams(queryArg)) }),
      transformResponse: toEventPage,
      providesTags: providesPagedList('Event'),
    }),
    /** GET /api/join-event/{id} → `{ success, event }` (with its `attendance` as the caller sees it); 404 'Event not found'. */
    getEvent: build.query<EventDetail | null, string>({
      query: (id) => `join-event/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => (isRecord(body) ? toEventDetail(body.event) : null),
      providesTags: (_result, _error, id) => [{ type: 'Event', id }],
    }),
    /**
     * POST /api/events/{userId} (multipart) → 201 `{ status, message: 'Event created!', event }`. The
     * Idempotency-Key lets a retry after a lost answer get the first answer instead of a second event.
     */
    createEvent: build.mutation<EventSaved, { userId: string; input: EventInput; idempotencyKey: string }>({
      query: ({ userId, input, idempotencyKey }) => ({
        url: eventPath(userId),
        method: 'POST',
        body: toEventForm(input),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: toSaved,
      invalidatesTags: (result) => (result ? [{ type: 'Event', id: 'LIST' }] : []),
    }),
    /** PUT /api/events/{id} (the same form; the banner stays unless a new file is sent) → `{ status, message, event }`. */
    updateEvent: build.mutation<EventSaved, { id: string; input: EventInput }>({
      query: ({ id, input }) => ({ url: eventPath(id), method: 'PUT', body: toEventForm(input) }),
      transformResponse: toSaved,
      // LIST too: the home search provides only Event LIST and may show the old title.
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'Event', id }, { type: 'Event', id: 'LIST' }] : []),
    }),
    /** DELETE /api/events/{id} → `{ status, message: 'Event deleted' }`. */
    deleteEvent: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: eventPath(id), method: 'DELETE' }),
      transformResponse: (body: unknown) => ({ message: isRecord(body) ? asString(body.message) : '' }),
      // LIST (the lists and the search) only: invalidating the id would refetch the open detail page
      // into a 404 before it navigates away.
      invalidatesTags: (result) => (result ? [{ type: 'Event', id: 'LIST' }] : []),
    }),
  }),
});

export const {
  useGetEventsInfiniteQuery,
  useGetEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
} = eventsApi;
