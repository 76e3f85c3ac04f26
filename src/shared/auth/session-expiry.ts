/** Route state of the /login visit that follows a refused token, so the login screen can say why. */
export const SESSION_EXPIRED_STATE = { sessionExpired: true } as const;

export const isSessionExpiredState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>).sessionExpired === true;
