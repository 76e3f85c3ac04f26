import { Type } from '@fastify/type-provider-typebox';
import { UserSchema } from '../users/user-dto.js';

// Types, sizes and unknown fields here; presence and rules in validation.ts, in the spec's words.
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** A code as typed: text, or a number from a numeric field (leading zeros restored by the validator). */
export const OtpField = Type.Optional(Type.Union([Type.String({ maxLength: 12 }), Type.Integer({ minimum: 0, maximum: 999_999 })]));

export const ChangePasswordBody = Type.Object({
  currentPassword: text(128),
  newPassword: text(128),
  confirmPassword: text(128),
}, { additionalProperties: false });

// currentPassword: asked for outside sudo mode (sudo.ts).
export const SendEmailOtpBody = Type.Object({ newEmail: text(254), currentPassword: text(128) }, { additionalProperties: false });
export const DeleteUserBody = Type.Object({ currentPassword: text(128) }, { additionalProperties: false });
export const VerifyEmailOtpBody = Type.Object({ otp: OtpField, newEmail: text(254) }, { additionalProperties: false });

export const StatusAnswer = Type.Object({ status: Type.Boolean(), message: Type.String() });
export const StatusUserAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), user: UserSchema });
export const DeletedAnswer = Type.Object({
  status: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ message: Type.String() }),
});
