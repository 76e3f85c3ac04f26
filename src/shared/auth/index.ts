export {
  sessionReducer,
  sessionStarted,
  sessionCleared,
  sessionExpired,
  expiryNoticeShown,
  selectUserId,
  selectToken,
  selectSessionExpired,
  selectIsLoggedIn,
} from './session-slice';
export { createSessionPersistence } from './session-persistence';
export { loadStoredSession, USER_DATA_KEY, TOKEN_KEY } from './session-storage';
export type { SessionState, StoredUser } from './session-user';
export { SESSION_EXPIRED_STATE, isSessionExpiredState } from './session-expiry';
export { maskSecrets, MASKED } from './devtools-masks';
