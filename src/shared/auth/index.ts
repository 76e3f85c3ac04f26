export {
  sessionReducer,
  sessionStarted,
  sessionUserUpdated,
  sessionCleared,
  selectCurrentUser,
  selectToken,
  selectIsLoggedIn,
} from './session-slice';
export { createSessionPersistence } from './session-persistence';
export { loadStoredSession, USER_DATA_KEY, TOKEN_KEY } from './session-storage';
export type { SessionState, SessionUser } from './session-user';
