import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useClearSession } from '@/features/logout';
import { settleStatus, useDeleteAccountMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { CURRENT_PASSWORD_FIELD, CURRENT_PASSWORD_REQUIRED, sudoPassword } from '../lib/sudo';

/**
 * The Danger Zone's state: the confirm dialog, the current password once the server asks for it
 * (the dialog then stays open with the message under the field), and the failure shown otherwise.
 */
export function useDeleteAccount(userId: string) {
  const navigate = useNavigate();
  const clearSession = useClearSession();
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const remove = async () => {
    if (deleting) return;
    if (needsPassword && password === '') {
      setPasswordError(CURRENT_PASSWORD_REQUIRED);
      return;
    }
    setDeleteError(null);
    setPasswordError(undefined);
    const request = deleteAccount({ userId, currentPassword: sudoPassword(needsPassword, password) });
    const outcome = await settleStatus(request, SETTINGS_MESSAGES.deleteFailed);
    if (!outcome.ok && outcome.field === CURRENT_PASSWORD_FIELD) {
      setNeedsPassword(true);
      setPasswordError(outcome.message);
      return;
    }
    if (!outcome.ok) {
      setConfirming(false);
      setDeleteError(outcome.message);
      return;
    }
    toast.success(outcome.result.message || SETTINGS_MESSAGES.deleted);
    // Spec §4: all of localStorage goes, the api cache too, then the login screen.
    clearSession();
    navigate(paths.login(), { replace: true });
  };

  const cancel = () => {
    setConfirming(false);
    setPassword('');
    setPasswordError(undefined);
  };

  return {
    confirming,
    ask: () => setConfirming(true),
    cancel,
    remove,
    deleting,
    deleteError,
    password: needsPassword ? { value: password, error: passwordError, onChange: setPassword } : null,
  };
}
