import type { Static } from '@fastify/type-provider-typebox';
import { fail, type Checked } from '../../lib/checked.js';
import { normalizeEmail } from '../../lib/text.js';
import type { ChangePasswordBody } from './schemas.js';

/** A code as sent: text, a number from a numeric field, or nothing. */
export type OtpValue = string | number | undefined;

export const PASSWORD_MIN = 6;

/** Spec §5 "Change password", in the form's order, then the length rule of §9. */
export function checkPasswordChange(body: Static<typeof ChangePasswordBody>): Checked<{ currentPassword: string; newPassword: string }> {
  const { currentPassword = '', newPassword = '', confirmPassword = '' } = body;
  if (!currentPassword) return fail('Current password is required.');
  if (!newPassword) return fail('New password is required.');
  if (!confirmPassword) return fail('Confirm password is required.');
  if (newPassword.length < PASSWORD_MIN) return fail('Password must be at least 6 characters');
  if (newPassword !== confirmPassword) return fail('Passwords do not match.');
  return { ok: true, value: { currentPassword, newPassword } };
}

/** Spec §5 "Change e-mail". */
export function checkNewEmail(raw: string | undefined): Checked<string> {
  if (!raw?.trim()) return fail('Email is required.');
  const email = normalizeEmail(raw);
  return email ? { ok: true, value: email } : fail('Please enter a valid email address.');
}

/** A code as text: numbers from a numeric field get their leading zeros back. */
export const otpText = (otp: OtpValue) =>
  typeof otp === 'number' ? String(otp).padStart(6, '0') : (otp ?? '').trim();

/** Spec §5 "E-mail change code": present and at least 4 characters. */
export function checkEmailChangeCode(otp: OtpValue): Checked<string> {
  const code = otpText(otp);
  return code.length >= 4 ? { ok: true, value: code } : fail('Please enter a valid OTP.');
}
