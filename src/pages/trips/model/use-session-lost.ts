import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { selectIsLoggedIn, type SessionState } from '@/shared/auth';

/**
 * Whether the session has ended by now (read after a request settles, not from the render's value):
 * a 401 to a request with the session's token ends it at once (shared/api), and resetting the api
 * state then aborts that request, whose own error says only 'Aborted'.
 */
export function useSessionLost() {
  const store = useStore<{ session: SessionState }>();
  return useCallback(() => !selectIsLoggedIn(store.getState()), [store]);
}
