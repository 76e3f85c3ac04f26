import { Type, type Static } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema, text } from '../../lib/schemas.js';

export const NEED_TYPES = ['need', 'available'] as const;
export type NeedType = (typeof NEED_TYPES)[number];
const NeedTypeSchema = Type.Union([Type.Literal('need'), Type.Literal('available')]);

/** A board card and its detail page (server/README.md "Boards"); `contactDetails` only in its poster's own answers. */
export const NeedSchema = Type.Object({
  _id: Type.String(),
  type: NeedTypeSchema,
  category: Type.String(),
  serviceName: Type.String(),
  description: Type.String(),
  contactDetails: Type.Optional(Type.Object({ phone: Type.String(), email: Type.String() })),
  location: Type.Object({
    address: Type.String(),
    city: Type.String(),
    state: Type.String(),
    postalCode: Type.String(),
    coordinates: Type.Union([Type.Object({ latitude: Type.Number(), longitude: Type.Number() }), Type.Null()]),
  }),
  images: Type.Array(Type.String()),
  user: Type.Object({ _id: Type.String(), firstName: Type.String(), lastName: Type.String() }),
  createdAt: Type.String(),
  /** Only to its author, on the detail page, when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
});
export type NeedDto = Static<typeof NeedSchema>;

export const NeedsQuery = Type.Object({
  // Checked by the route, for a message that names the two types (a union's own error does not).
  type: Type.Optional(Type.String({ maxLength: 20 })),
  ...PageQuery,
}, { additionalProperties: false });

// Spec §7's JSON body; a multipart form's flat fields (phone, ..., longitude) are put in the same
// places before it is checked (routes.ts), so both bodies meet this schema and one validator. Only
// types, unknown fields and absurd sizes stop here; the rules and their messages (required, shapes,
// lengths in characters) are in validation.ts, so either body gets the spec's words and the form
// field they are about. 4000 leaves room for a 2000-character description with whitespace around it.
const field = text(4000);
const closed = { additionalProperties: false } as const;
/** A number in JSON; in a form, text as typed (validation.ts takes plain decimals only). */
const coordinate = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 4000 })]));
export const NeedBody = Type.Object({
  type: field,
  category: field,
  serviceName: field,
  description: field,
  contactDetails: Type.Optional(Type.Object({ phone: field, email: field }, closed)),
  location: Type.Optional(Type.Object({
    address: field,
    city: field,
    state: field,
    postalCode: field,
    coordinates: Type.Optional(Type.Object({ latitude: coordinate, longitude: coordinate }, closed)),
  }, closed)),
  // Files come only in a form: a JSON client that sends the whole Need sends an empty list.
  images: Type.Optional(Type.Array(Type.String(), { maxItems: 0 })),
}, closed);
export type NeedBody = Static<typeof NeedBody>;

/** The edit form: the create form plus which current images stay (a JSON array of their paths). */
export const NeedEditBody = Type.Object({ ...NeedBody.properties, keepImages: text(4000) }, closed);

export const NeedsAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Array(NeedSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const NeedAnswer = Type.Object({ success: Type.Boolean(), need: NeedSchema });
export const NeedSavedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), need: NeedSchema });
export const NeedDeletedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
