import { Type } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema } from '../../lib/schemas.js';

/**
 * Each text field of the skill form at most this many bytes (readForm): the longest field, the
 * description (SKILL_LIMITS.description characters), fits even in four-byte characters.
 */
export const FORM_FIELD_MAX = 16 * 1024;

export const SkillListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  ...PageQuery,
}, { additionalProperties: false });

/** The skill form's text fields (multipart/form-data), as the body the route schema checks. */
const field = Type.Optional(Type.String({ maxLength: FORM_FIELD_MAX }));
export const SkillForm = Type.Object({
  title: field,
  description: field,
  category: field,
  customCategory: field,
  contact: field,
  email: field,
  address: field,
  // Old clients send the thumbnail's name as text: it is ignored (the thumbnail is the first image).
  thumbnail: field,
  // On edit: JSON arrays of the skill's current paths that stay.
  keepImages: field,
  keepPortfolioImages: field,
}, { additionalProperties: false });

/** The owner, by name only: an account's e-mail and number never leave the server but to itself. */
export const SkillOwner = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});

export const SkillSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  customCategory: Type.String(),
  // The owner's own answers only; others get them from GET /api/contact/skill/:id.
  contact: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  address: Type.String(),
  images: Type.Array(Type.String()),
  portfolioImages: Type.Array(Type.String()),
  thumbnail: Type.String(),
  url: Type.String(),
  user: SkillOwner,
  createdAt: Type.String(),
  /** Only to its owner, on the detail page, when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
});

export const SkillListAnswer = Type.Object({
  success: Type.Boolean(),
  skills: Type.Array(SkillSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const SkillSavedAnswer = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  skill: SkillSchema,
});
