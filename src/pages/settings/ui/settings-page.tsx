import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useClearSession } from '@/features/logout';
import { settleStatus, useDeleteAccountMutation, useSessionUser } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormAlert } from '@/shared/ui/form-alert';
import { Icon, type IconName } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { ACCOUNT_STATUS, SETTINGS_MESSAGES } from '../lib/messages';
import './settings-page.css';

interface RowProps {
  icon: IconName;
  label: string;
  children: ReactNode;
  action?: ReactNode;
}

function SettingsRow({ icon, label, children, action }: RowProps) {
  return (
    <li className="settings-row">
      <span className="settings-row__icon">
        <Icon name={icon} size={20} />
      </span>
      <div className="settings-row__body">
        <span className="settings-row__label">{label}</span>
        <span className="settings-row__value">{children}</span>
      </div>
      {action}
    </li>
  );
}

/** /settings: e-mail, masked password, status, and the Danger Zone (spec §2 Account Settings). */
export function SettingsPage() {
  const navigate = useNavigate();
  const { user, userId } = useSessionUser({ fresh: true });
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const clearSession = useClearSession();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const email = user?.email ?? '';

  const remove = async () => {
    setDeleteError(null);
    const outcome = await settleStatus(deleteAccount({ userId: userId ?? '' }), SETTINGS_MESSAGES.deleteFailed);
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

  return (
    <div className="page settings">
      <PageMeta title={`Account Settings | ${getAppConfig().brandName}`} description="Your e-mail, password and account." />
      <h1 className="page-title">Account Settings</h1>

      <section className="settings-card" aria-labelledby="settings-account">
        <h2 id="settings-account" className="settings-card__title">
          Account
        </h2>
        <ul className="settings-list">
          <SettingsRow
            icon="mail"
            label="Email"
            action={
              <Link to={paths.settings.changeEmail()} className="settings-row__link">
                Change Email
              </Link>
            }
          >
            {email || '—'}
          </SettingsRow>
          <SettingsRow
            icon="lock"
            label="Password"
            action={
              <Link to={paths.settings.changePassword()} className="settings-row__link">
                Change Password
              </Link>
            }
          >
            <span className="settings-row__mask" aria-hidden="true">
              ••••••••
            </span>
            <span className="visually-hidden">Hidden</span>
          </SettingsRow>
          <SettingsRow icon="sparkle" label="Status">
            <span className="settings-row__badge">{ACCOUNT_STATUS}</span>
          </SettingsRow>
        </ul>
      </section>

      <section className="settings-card settings-danger" aria-labelledby="settings-danger">
        <h2 id="settings-danger" className="settings-card__title">
          Danger Zone
        </h2>
        <p className="settings-danger__text">
          Deleting your account removes your profile and everything you shared. This cannot be undone.
        </p>
        <FormAlert message={deleteError} />
        <Button variant="danger" onClick={() => setConfirming(true)} disabled={deleting}>
          <Icon name="trash" size={20} />
          Delete Account
        </Button>
      </section>

      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        tone="danger"
        confirmLabel="Delete"
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>Your profile, photo and everything you shared will be removed for good. You will be logged out.</p>
      </ConfirmDialog>
    </div>
  );
}
