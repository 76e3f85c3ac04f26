import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { endSession } from '@/shared/api';

/**
 * Ends the session on this device only, at once, for when the server side is already gone
 * (account deletion): ALL of localStorage, the api state, the socket.
 */
export function useClearSession() {
  const dispatch = useDispatch();
  return useCallback(() => void endSession(dispatch, 'deleted'), [dispatch]);
}
