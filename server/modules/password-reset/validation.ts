import { fail, type Checked } from '../../lib/checked.js';
import { normalizeEmail } from '../../lib/text.js';
import { otpText, PASSWORD_MIN, type OtpValue } from '../account/validation.js';

/** Spec §5 "Forgot password": e-mail required, then shaped. */
export function checkResetEmail(raw: string | undefined): Checked<string> {
  if (!raw?.trim()) return fail('Email is required');
  const email = normalizeEmail(raw);
  return email ? { ok: true, value: email } : fail('Enter a valid email');
}

/** Spec §5: six digits. */
export function checkResetCode(otp: OtpValue): Checked<string> {
  const code = otpText(otp);
  return /^\d{6}$/.test(code) ? { ok: true, value: code } : fail('Please enter a valid 6-digit OTP.');
}

export function checkNewPassword(newPassword = '', confirmPassword?: string): Checked<string> {
  if (!newPassword) return fail('New password is required.');
  if (newPassword.length < PASSWORD_MIN) return fail('Password must be at least 6 characters.');
  if (confirmPassword !== undefined && confirmPassword !== newPassword) return fail('Passwords do not match.');
  return { ok: true, value: newPassword };
}
