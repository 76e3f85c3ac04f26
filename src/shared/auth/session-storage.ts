import { clearStorage, readJson, readString, writeJson, writeString } from '../lib/storage';
import { THEME_KEY } from '../lib/theme';
import { emptySession } from './session-slice';
import type { SessionState, StoredUser } from './session-user';

/** localStorage keys of spec §3. */
export const USER_DATA_KEY = 'userData';
export const TOKEN_KEY = 'token';

const isStoredUser = (value: unknown): value is StoredUser =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as StoredUser)._id === 'string';

/**
 * The session as stored, read at store creation: the session itself, and the stored user for the api
 * cache. Logged in needs both keys (spec §4); a malformed entry counts as absent.
 */
export function loadStoredSession(): { session: SessionState; user: StoredUser | null } {
  const user = readJson<unknown>(USER_DATA_KEY);
  const token = readString(TOKEN_KEY);
  if (!isStoredUser(user) || !token) return { session: emptySession, user: null };
  return { session: { userId: user._id, token, expired: false }, user };
}

export function storeSession({ user, token }: { user: { _id: string }; token: string }): void {
  writeJson(USER_DATA_KEY, { ...user, token });
  writeString(TOKEN_KEY, token);
}

/**
 * Logout, account deletion and a refused token clear ALL of localStorage (spec §2 Side menu, §4),
 * but one key: the device's theme (Settings → Appearance). It belongs to the device, not to the
 * member, and says nothing private; the page would otherwise flash to another theme at logout.
 */
export function clearStoredSession(): void {
  const theme = readString(THEME_KEY);
  clearStorage('local');
  if (theme !== null) writeString(THEME_KEY, theme);
}
