import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { sessionCleared, sessionStarted, sessionUserUpdated } from './session-slice';
import { clearStoredSession, storeSession } from './session-storage';
import type { SessionState } from './session-user';

/**
 * Mirrors the session into localStorage, so reducers stay pure and every writer of the session
 * (login now; profile edits, account deletion later) persists the same way. Effects run
 * synchronously right after the reducer. One instance per store.
 */
export function createSessionPersistence() {
  const persistence = createListenerMiddleware();

  persistence.startListening({
    matcher: isAnyOf(sessionStarted, sessionUserUpdated),
    effect: (_action, api) => {
      const { user, token } = (api.getState() as { session: SessionState }).session;
      if (user && token) storeSession({ user, token });
    },
  });

  persistence.startListening({
    actionCreator: sessionCleared,
    effect: () => clearStoredSession(),
  });

  return persistence;
}
