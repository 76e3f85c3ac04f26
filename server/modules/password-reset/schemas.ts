import { Type } from '@fastify/type-provider-typebox';
import { OtpField, text } from '../../lib/schemas.js';

export const ForgotPasswordBody = Type.Object({ email: text(254) }, { additionalProperties: false });
export const ResetCodeBody = Type.Object({ email: text(254), otp: OtpField }, { additionalProperties: false });
export const ResetPasswordBody = Type.Object({
  email: text(254),
  otp: OtpField,
  newPassword: text(128),
  // Spec §7 sends no confirmation; accepted (and compared) when a client sends one.
  confirmPassword: text(128),
}, { additionalProperties: false });
