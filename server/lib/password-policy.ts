import { dictionary } from '@zxcvbn-ts/language-common';

// On top of the spec's minimum length (6): no password from the public lists attackers try first,
// and not the account's own name or address.
export const COMMON_PASSWORD = 'This password is too common. Please choose a less common one.';
export const PASSWORD_IS_IDENTITY = 'Your password must not be your username or e-mail address.';

let common: Set<string> | undefined;

/**
 * zxcvbn-ts's ranked list of the ~49,000 passwords most common in public breaches (maintained with
 * the zxcvbn-ts estimator), lower-cased; built on first use (about 3 MB).
 */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));
  return common;
}

export interface PasswordOwner {
  username?: string;
  email?: string;
}

/** Why the password is refused, or undefined when it may be used. Case does not make a password less common. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | undefined {
  const lower = password.trim().toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD;
  if ([owner.username, owner.email].some((name) => name && name.trim().toLowerCase() === lower)) return PASSWORD_IS_IDENTITY;
  return undefined;
}
