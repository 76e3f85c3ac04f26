import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { endSession, useLogoutMutation } from '@/shared/api';
import { selectToken, type SessionState } from '@/shared/auth';

/**
 * Ends the session. Locally at once: ALL of localStorage is cleared, so the UI is logged out before
 * the server answers. The server revocation runs with the old token and is best-effort (a failure
 * or its 5 s timeout changes nothing); the api state is reset once it has settled, since a reset
 * would abort it.
 *
 * Returns a promise for callers that need the whole thing done (tests).
 */
export function useLogout() {
  const dispatch = useDispatch();
  const store = useStore<{ session: SessionState }>();
  const [revokeSession, { isLoading }] = useLogoutMutation();

  const logout = useCallback(async () => {
    const token = selectToken(store.getState());
    const revocation = token ? revokeSession(token).unwrap() : undefined;
    await endSession(dispatch, 'logout', revocation);
  }, [dispatch, store, revokeSession]);

  return { logout, isLoggingOut: isLoading };
}
