import { Type, type Static } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { text } from '../../lib/schemas.js';

export const NEED_TYPES = ['need', 'available'] as const;
export type NeedType = (typeof NEED_TYPES)[number];
const NeedTypeSchema = Type.Union([Type.Literal('need'), Type.Literal('available')]);

/** A board card and its detail page (server/README.md "Boards"); `contactDetails` only for signed-in callers. */
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
});
export type NeedDto = Static<typeof NeedSchema>;

export const NeedsQuery = Type.Object({
  // Checked by the route, for a message that names the two types (a union's own error does not).
  type: Type.Optional(Type.String({ maxLength: 20 })),
  ...PageQuery,
}, { additionalProperties: false });

// Form fields arrive as text. Only unknown fields and absurd sizes stop here; the rules and their
// messages (required, shapes, lengths in characters) are in validation.ts, so a form gets the
// spec's words and the field they are about. 4000 leaves room for a 2000-character description
// with whitespace around it.
const field = text(4000);
export const NeedBody = Type.Object({
  type: field,
  category: field,
  serviceName: field,
  description: field,
  phone: field,
  email: field,
  address: field,
  city: field,
  state: field,
  postalCode: field,
  latitude: field,
  longitude: field,
}, { additionalProperties: false });

/** The edit form: the create form plus which current images stay (a JSON array of their paths). */
export const NeedEditBody = Type.Object({
  ...NeedBody.properties,
  keepImages: text(4000),
}, { additionalProperties: false });

export const NeedsAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Array(NeedSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const NeedAnswer = Type.Object({ success: Type.Boolean(), need: NeedSchema });
export const NeedSavedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), need: NeedSchema });
export const NeedDeletedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
