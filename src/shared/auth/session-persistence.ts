import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { sessionCleared, sessionExpired } from './session-slice';
import { clearStoredSession, storeSession } from './session-storage';
import type { SessionState } from './session-user';

type WithSession = { session: SessionState };

/**
 * Mirrors the session into localStorage, so reducers stay pure and no screen writes storage:
 * 'userData' follows the signed-in user wherever its owner (the api cache, read by `selectUser`)
 * changes it, 'token' follows the session; an ended session clears everything. Effects run
 * synchronously right after the reducer. One instance per store.
 */
export function createSessionPersistence<S extends WithSession>(selectUser: (state: S) => { _id: string } | null | undefined) {
  const persistence = createListenerMiddleware();

  persistence.startListening({
    predicate: (_action, current, previous) =>
      selectUser(current as S) !== selectUser(previous as S) ||
      (current as S).session.token !== (previous as S).session.token,
    effect: (_action, api) => {
      const state = api.getState() as S;
      const user = selectUser(state);
      const { userId, token } = state.session;
      if (user && token && user._id === userId) storeSession({ user, token });
    },
  });

  persistence.startListening({
    matcher: isAnyOf(sessionCleared, sessionExpired),
    effect: () => clearStoredSession(),
  });

  return persistence;
}
