import { PASSWORD_MIN_LENGTH } from './login';
import { compact, firstError, matches, minLength, required, type FieldErrors } from './rules';

export interface RegisterValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  contactNumber: string;
  password: string;
  confirmPassword: string;
}

export type RegisterField = keyof RegisterValues;

/** Non-space text, an at sign, non-space text, a dot, non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** Optional plus, then 10 to 15 digits. */
export const REGISTER_PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Spec §5 Registration, in field order. */
export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return compact({
    firstName: firstError(values.firstName, required('First name missing')),
    lastName: firstError(values.lastName, required('Last name missing')),
    username: firstError(values.username, required('Username missing')),
    email: firstError(values.email, required('Email missing'), matches(EMAIL_PATTERN, 'Invalid email address')),
    contactNumber: firstError(
      values.contactNumber,
      required('Contact number is required'),
      matches(REGISTER_PHONE_PATTERN, 'Invalid phone number format'),
    ),
    password: firstError(
      values.password,
      (value) => (value === '' ? 'Password missing' : undefined),
      minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters'),
    ),
    confirmPassword: values.confirmPassword === values.password ? undefined : 'Passwords do not match',
  });
}
