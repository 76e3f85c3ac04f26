/** Spec §8 Login: these server messages are shown as they are; anything else is the fallback. */
export const KNOWN_LOGIN_ERRORS: readonly string[] = [
  'Invalid username or password',
  'Your account has been deactivated. Please contact support.',
];

export const LOGIN_FALLBACK_ERROR = 'Something went wrong. Please try again.';

export const toLoginError = (serverMessage: string | undefined): string =>
  serverMessage && KNOWN_LOGIN_ERRORS.includes(serverMessage) ? serverMessage : LOGIN_FALLBACK_ERROR;
