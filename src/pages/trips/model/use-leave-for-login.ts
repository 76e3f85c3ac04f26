import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '@/shared/config';
import { TRIP_MESSAGES } from '../config/messages';

/**
 * Spec §6: a trip sent without a login says so and goes to /login, as the event and skill forms do.
 * Here the page needs a session to open, so this is the server refusing a session lost meanwhile.
 */
export function useLeaveForLogin() {
  const navigate = useNavigate();
  return useCallback(() => {
    toast.error(TRIP_MESSAGES.unauthorized);
    void navigate(paths.login());
  }, [navigate]);
}
