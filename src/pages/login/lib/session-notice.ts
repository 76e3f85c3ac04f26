/** Shown when the server ended the session (a revoked or expired token) and the app came here. */
export const SESSION_ENDED_NOTICE = 'Your session has ended. Please log in again.';
