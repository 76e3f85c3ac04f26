import { PASSWORD_MIN_LENGTH } from './login';
import { EMAIL_PATTERN } from './register';
import { compact, firstError, matches, minLength, required, type FieldErrors } from './rules';

export const RESET_CODE_LENGTH = 6;

/** Spec §5 Forgot password: e-mail required, then shaped. */
export const validateResetEmail = (email: string): string | undefined =>
  firstError(email, required('Email is required'), matches(EMAIL_PATTERN, 'Enter a valid email'));

/** Spec §5: exactly six digits (one per box). */
export const validateResetCode = (code: string): string | undefined =>
  new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code) ? undefined : 'Please enter a valid 6-digit OTP.';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export type NewPasswordField = keyof NewPasswordValues;

/** Spec §5: new password required and at least 6 characters; confirmation required and equal. */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<NewPasswordField> {
  return compact({
    newPassword: firstError(
      values.newPassword,
      (value) => (value === '' ? 'New password is required.' : undefined),
      minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters.'),
    ),
    confirmPassword: firstError(
      values.confirmPassword,
      (value) => (value === '' ? 'Please confirm your password.' : undefined),
      (value) => (value === values.newPassword ? undefined : 'Passwords do not match.'),
    ),
  });
}
