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
  /** Only to its organiser, on the detail page, when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
});

export const EventListAnswer = Type.Object({
  success: Type.Boolean(),
  events: Type.Array(EventSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const EventAnswer = Type.Object({ success: Type.Boolean(), event: EventSchema });
export const EventSavedAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), event: EventSchema });
