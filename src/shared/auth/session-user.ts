/**
 * The user as stored in localStorage 'userData' (spec §3): the login answer's user plus its token.
 * Kept structural here so shared/auth needs nothing from shared/api.
 */
export interface SessionUser {
  _id: string;
  token: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  phone?: string;
  contactNumber?: string;
  profileImage?: string;
  tokens?: number;
  [extra: string]: unknown;
}

export interface SessionState {
  user: SessionUser | null;
  token: string | null;
}
