import { clearStorage, readJson, readString, writeJson, writeString } from '../lib/storage';
import type { SessionState, SessionUser } from './session-user';

/** localStorage keys of spec §3. */
export const USER_DATA_KEY = 'userData';
export const TOKEN_KEY = 'token';

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Hydrates the session at store creation; a malformed entry counts as absent. */
export function loadStoredSession(): SessionState {
  const user = readJson<unknown>(USER_DATA_KEY);
  const token = readString(TOKEN_KEY);
  return { user: isSessionUser(user) ? user : null, token: token || null };
}

export function storeSession({ user, token }: { user: SessionUser; token: string }): void {
  writeJson(USER_DATA_KEY, user);
  writeString(TOKEN_KEY, token);
}

/** Logout and account deletion clear ALL of localStorage (spec §2 Side menu, §4). */
export function clearStoredSession(): void {
  clearStorage('local');
}
