import { Type } from '@fastify/type-provider-typebox';
import { OtpField, text } from '../../lib/schemas.js';

// Types, sizes and unknown fields here; presence and rules in validation.ts, in the spec's words.

export const ChangePasswordBody = Type.Object({
  currentPassword: text(128),
  newPassword: text(128),
  confirmPassword: text(128),
}, { additionalProperties: false });

// currentPassword: asked for outside sudo mode (sudo.ts).
export const SendEmailOtpBody = Type.Object({ newEmail: text(254), currentPassword: text(128) }, { additionalProperties: false });
export const DeleteUserBody = Type.Object({ currentPassword: text(128) }, { additionalProperties: false });
export const VerifyEmailOtpBody = Type.Object({ otp: OtpField, newEmail: text(254) }, { additionalProperties: false });
