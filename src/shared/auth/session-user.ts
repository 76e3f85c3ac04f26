/**
 * The session: who is signed in and with which token. The user's data itself lives in the api cache
 * (GET /api/user/{id}); localStorage 'userData' (spec §3) is written from there.
 */
export interface SessionState {
  userId: string | null;
  token: string | null;
  /** Set when the server refused the token (401): the app says so and goes to /login, then clears it. */
  expired: boolean;
}

/** localStorage 'userData': the user as the server answered it, plus its token (spec §3). */
export interface StoredUser {
  _id: string;
  token?: string;
  [field: string]: unknown;
}
