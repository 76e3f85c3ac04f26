import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { baseApi } from '@/shared/api';
import { sessionCleared } from '@/shared/auth';

/**
 * Ends the session on this device only, at once: ALL of localStorage is cleared (session listener)
 * and the api cache is reset. For when the server side is already gone (account deletion).
 */
export function useClearSession() {
  const dispatch = useDispatch();
  return useCallback(() => {
    dispatch(sessionCleared());
    dispatch(baseApi.util.resetApiState());
  }, [dispatch]);
}
