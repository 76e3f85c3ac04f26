/** What Redux DevTools show in place of a secret. */
export const MASKED = '‹hidden›';

// The session's token, a reset token, and every password field (password, newPassword,
// confirmPassword...); not a challenge's `tokens` count.
const SECRET_KEY = /(token|password)$/i;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A copy of `value` with every secret masked, for Redux DevTools' state and action sanitizers: a
 * screenshot of the state tree (a login's arguments, the session, a password change) shows none.
 * Plain objects and arrays are copied; anything else (a FormData, a File) is shown as it is.
 */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(maskSecrets) as T;
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) && inner !== null && inner !== undefined ? MASKED : maskSecrets(inner)]),
  ) as T;
}
