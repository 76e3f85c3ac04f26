import { Type } from '@fastify/type-provider-typebox';
import { text, UserSchema } from '../../lib/schemas.js';

// Sizes and unknown fields here; the rules in the spec's words in profile.ts. JSON or form fields
// (where every value is text, hence the string form of useCurrentLocation).
export const ProfileBody = Type.Object({
  fullName: text(101),
  bio: text(500),
  location: text(200),
  contact: text(20),
  useCurrentLocation: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  gender: text(10),
}, { additionalProperties: false });

export const UserAnswer = Type.Object({ status: Type.Boolean(), user: UserSchema });
export const ProfileAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), user: UserSchema });
export const UploadAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), imageUrl: Type.String(), user: UserSchema });
