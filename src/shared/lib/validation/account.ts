import { PASSWORD_MIN_LENGTH } from './login';
import { EMAIL_PATTERN } from './register';
import { compact, firstError, matches, minLength, required, type FieldErrors } from './rules';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordField = keyof ChangePasswordValues;

const present = (message: string) => (value: string) => (value === '' ? message : undefined);

/** Spec §5 Change password, plus the §9 minimum length of the new password. */
export function validateChangePassword(values: ChangePasswordValues): FieldErrors<ChangePasswordField> {
  return compact({
    currentPassword: firstError(values.currentPassword, present('Current password is required.')),
    newPassword: firstError(
      values.newPassword,
      present('New password is required.'),
      minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters'),
    ),
    confirmPassword: firstError(
      values.confirmPassword,
      present('Confirm password is required.'),
      (value) => (value === values.newPassword ? undefined : 'Passwords do not match.'),
    ),
  });
}

/** Spec §5 Change e-mail. */
export const validateNewEmail = (email: string): string | undefined =>
  firstError(email, required('Email is required.'), matches(EMAIL_PATTERN, 'Please enter a valid email address.'));

export const EMAIL_OTP_MIN_LENGTH = 4;

/** Spec §5 E-mail change code: present and at least 4 characters. */
export const validateEmailOtp = (otp: string): string | undefined =>
  otp.trim().length >= EMAIL_OTP_MIN_LENGTH ? undefined : 'Please enter a valid OTP.';
