import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { expiryNoticeShown, selectSessionExpired, SESSION_EXPIRED_STATE } from '@/shared/auth';
import { paths } from '@/shared/config';

/**
 * When the server has refused the session's token (the api ended the session), go to /login, whatever
 * the page, and let the login screen say why. Once: the flag is cleared as it is acted on.
 */
export function useSessionExpiry() {
  const expired = useSelector(selectSessionExpired);
  const dispatch = useDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    if (!expired) return;
    dispatch(expiryNoticeShown());
    void navigate(paths.login(), { replace: true, state: SESSION_EXPIRED_STATE });
  }, [expired, dispatch, navigate]);
}
