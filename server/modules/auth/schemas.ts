import { Type } from '@fastify/type-provider-typebox';
import { text, UserSchema } from '../../lib/schemas.js';

// Types, sizes and unknown fields are checked here; presence and shape are checked by
// validation.ts, which answers in the spec's words ('First name missing', ...).
// Fields are optional so a missing one gets that spec message rather than a generic one.

export const RegisterBody = Type.Object({
  firstName: text(50),
  lastName: text(50),
  username: text(30),
  email: text(254),
  contactNumber: text(20),
  password: text(128),
  confirmPassword: text(128),
}, { additionalProperties: false });

export const LoginBody = Type.Object({
  // The username, or the e-mail address of the account.
  username: text(254),
  password: text(128),
}, { additionalProperties: false });

export const RegisterAnswer = Type.Object({ message: Type.String(), data: UserSchema });
export const LoginAnswer = Type.Object({ message: Type.String(), user: UserSchema, token: Type.String() });
