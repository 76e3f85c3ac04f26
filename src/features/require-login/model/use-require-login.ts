import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { selectIsLoggedIn, type SessionState } from '@/shared/auth';
import { paths, SUBMIT_MESSAGES } from '@/shared/config';

/**
 * "A visitor submits, go to /login" (spec §6): `requireLogin()` is true while there is a session;
 * without one it shows `message` (the spec's sentence unless the form words it otherwise) and goes
 * to /login. The session is read when it is called, not from the last render, so a call after a
 * request that ended the session (a 401) sends the visitor there too.
 */
export function useRequireLogin(message: string = SUBMIT_MESSAGES.unauthorized) {
  const store = useStore<{ session: SessionState }>();
  const navigate = useNavigate();
  return useCallback((): boolean => {
    if (selectIsLoggedIn(store.getState())) return true;
    toast.error(message);
    // After the event that asked: a navigation (a transition) started inside a submit event makes
    // React 19 read the form into a FormData for its form status, which serves nothing here.
    queueMicrotask(() => void navigate(paths.login()));
    return false;
  }, [store, navigate, message]);
}
