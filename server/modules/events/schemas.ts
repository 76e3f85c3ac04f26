import { Type } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema } from '../../lib/schemas.js';

/**
 * Each text field of the event form, in bytes (readForm) and here in characters: a ceiling for the
 * form only. The real sizes, with messages in words, are the validator's (validation.ts).
 */
export const FORM_FIELD_MAX = 16 * 1024;

const field = () => Type.Optional(Type.String({ maxLength: FORM_FIELD_MAX }));

/**
 * The text fields of the create and edit form (multipart/form-data, so every value is text).
 * The times come as startTime/endTime or timeFrom/timeTo (both names are in use by clients);
 * keepImages is the boards' edit field (a JSON array of the current image paths that stay).
 * capacity and timeZone are newer than spec §7's form: a client that does not send them keeps
 * what the event has.
 */
export const EventForm = Type.Object({
  title: field(),
  description: field(),
  address: field(),
  latitude: field(),
  longitude: field(),
  startDate: field(),
  endDate: field(),
  startTime: field(),
  endTime: field(),
  timeFrom: field(),
  timeTo: field(),
  keepImages: field(),
  /** A whole number of places, 1 to 100000; '' for no limit; left out on edit: unchanged. */
  capacity: field(),
  /** The organiser's IANA time zone (the browser's); left out: UTC on create, unchanged on edit. */
  timeZone: field(),
}, { additionalProperties: false });

export const EventListQuery = Type.Object({
  // Trimmed by the route; blank matches everything.
  q: Type.Optional(Type.String({ maxLength: 200 })),
  // YYYY-MM-DD, checked by the route (a calendar day, not just the shape).
  date: Type.Optional(Type.String({ maxLength: 50 })),
  ...PageQuery,
}, { additionalProperties: false });

export const Coordinates = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

/** The organiser, by name only: an account's e-mail and number never leave the server but to itself. */
export const EventOrganiser = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});

export const EventSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  thumbnail: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  timeFrom: Type.String(),
  timeTo: Type.String(),
  address: Type.String(),
  location: Type.Object({ address: Type.String(), coordinates: Type.Union([Coordinates, Type.Null()]) }),
  url: Type.String(),
  createdBy: EventOrganiser,
  createdAt: Type.String(),
  /** At most this many going; null: no limit. */
  capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The IANA zone its days and times are in (the organiser's). */
  timeZone: Type.String(),
  goingCount: Type.Integer({ minimum: 0 }),
  /** Only to its organiser, on the detail page, when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
});

/** An event's answers (RSVP), and where the caller stands. */
export const AttendanceSchema = Type.Object({
  capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  going: Type.Integer({ minimum: 0 }),
  interested: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  /** 'none' for a visitor, and for a member who gave no answer. */
  myStatus: Type.Union([Type.Literal('going'), Type.Literal('interested'), Type.Literal('waiting'), Type.Literal('none')]),
  /** 1 for the first one waiting; null unless the caller is waiting. */
  waitlistPosition: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
});

/** The detail page's event: an Event, with its attendance as the caller sees it. */
export const EventDetailSchema = Type.Object({ ...EventSchema.properties, attendance: AttendanceSchema });

export const EventListAnswer = Type.Object({
  success: Type.Boolean(),
  events: Type.Array(EventSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const EventAnswer = Type.Object({ success: Type.Boolean(), event: EventDetailSchema });
export const EventSavedAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), event: EventSchema });

/** PUT /api/events/:id/rsvp: going (a place, or the waitlist when full), interested, or neither. */
export const RsvpBody = Type.Object({
  status: Type.Union([Type.Literal('going'), Type.Literal('interested'), Type.Literal('none')]),
}, { additionalProperties: false });
export const RsvpAnswer = Type.Object({ success: Type.Boolean(), attendance: AttendanceSchema });

/** A member going to an event, as the list of who is going shows them (name and picture only). */
export const AttendeeSchema = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileImage: Type.String(),
});
export const AttendeesAnswer = Type.Object({ success: Type.Boolean(), attendees: Type.Array(AttendeeSchema) });

/** The organiser's update: trimmed 1 to 500 characters, checked by the route (messages in words). */
export const UpdateBody = Type.Object({ text: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false });
export const EventUpdateSchema = Type.Object({ _id: Type.String(), text: Type.String(), createdAt: Type.String() });
export const UpdatesAnswer = Type.Object({ success: Type.Boolean(), updates: Type.Array(EventUpdateSchema) });
export const UpdateSavedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), update: EventUpdateSchema });

/** An event on the member's own lists, with their answer to it ('none' for their own events they gave none to). */
export const MyEventSchema = Type.Object({ ...EventSchema.properties, myStatus: AttendanceSchema.properties.myStatus });
export const MyEventsAnswer = Type.Object({
  success: Type.Boolean(),
  /** Upcoming, going or waiting for a place; soonest first. */
  going: Type.Array(MyEventSchema),
  /** Upcoming, interested; soonest first. */
  interested: Type.Array(MyEventSchema),
  /** Upcoming, organised by the member; soonest first. */
  organised: Type.Array(MyEventSchema),
  /** Ended, gone to or organised; latest first. */
  past: Type.Array(MyEventSchema),
});

/** The private calendar feed's address (null: the member has none). */
export const CalendarFeedAnswer = Type.Object({ success: Type.Boolean(), url: Type.Union([Type.String(), Type.Null()]) });
/**
 * A feed's secret as the path carries it (`/api/calendar/<token>.ics`): the shape is checked only
 * loosely, so a token that is not (or no longer) a member's answers 404 like any other.
 */
export const FeedParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' }) });

/** An iCalendar file (RFC 5545), as the .ics routes answer it. */
export const CalendarFile = { content: { 'text/calendar': { schema: Type.String({ description: 'An iCalendar file (RFC 5545)' }) } } };
