/** Spec §8 Registration: these server messages are shown as they are; anything else is the fallback. */
export const KNOWN_REGISTER_ERRORS: readonly string[] = [
  'User already exists',
  'Email already in use',
  'Username already taken',
  'Contact number already used',
];

export const REGISTER_FALLBACK_ERROR = 'Something went wrong. Network Issue.';

export const toRegisterError = (serverMessage: string | undefined): string =>
  serverMessage && KNOWN_REGISTER_ERRORS.includes(serverMessage) ? serverMessage : REGISTER_FALLBACK_ERROR;
