import { compact, firstError, minLength, required, type FieldErrors } from './rules';

export const PASSWORD_MIN_LENGTH = 6;

export interface LoginValues {
  username: string;
  password: string;
}

export type LoginField = keyof LoginValues;

/** Spec §5 Login: username trimmed then required; password required and at least 6 characters. */
export function validateLogin(values: LoginValues): FieldErrors<LoginField> {
  return compact({
    username: firstError(values.username, required('Username missing')),
    password: firstError(
      values.password,
      (value) => (value === '' ? 'Password missing' : undefined),
      minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters'),
    ),
  });
}
