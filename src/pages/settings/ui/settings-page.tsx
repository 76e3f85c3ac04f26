import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSessionUser } from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormAlert } from '@/shared/ui/form-alert';
import { Icon, type IconName } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { ACCOUNT_STATUS } from '../lib/messages';
import { useDeleteAccount } from '../model/use-delete-account';
import { Appearance } from './appearance';
import { CalendarFeed } from './calendar-feed';
import { CompanionMatching } from './companion-matching';
import { CurrentPasswordField } from './current-password-field';
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

/** /settings: e-mail, masked password, status, the device's theme, and the Danger Zone (spec §2 Account Settings). */
export function SettingsPage() {
  const { user, userId, isFetching } = useSessionUser({ fresh: true });
  const { confirming, ask, cancel, remove, deleting, deleteError, password } = useDeleteAccount(userId ?? '');
  const email = user?.email ?? '';

  return (
    <div className="page settings">
      <PageMeta title={`Account Settings | ${getAppConfig().brandName}`} description="Your e-mail, password and account." />
      <h1 className="page-title">Account Settings</h1>

      <Card as="section" panel aria-labelledby="settings-account">
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
          <SettingsRow
            icon="bell"
            label="Notifications"
            action={
              <Link to={paths.settings.notifications()} className="settings-row__link">
                Notification settings
              </Link>
            }
          >
            In the app and by e-mail
          </SettingsRow>
          <SettingsRow
            icon="shield"
            label="Safety"
            action={
              <Link to={paths.settings.blocked()} className="settings-row__link">
                Blocked members
              </Link>
            }
          >
            Members you blocked
          </SettingsRow>
          <SettingsRow icon="sparkle" label="Status">
            <span className="settings-row__badge">{ACCOUNT_STATUS}</span>
          </SettingsRow>
        </ul>
      </Card>

      <Appearance />

      <CompanionMatching user={user} reading={isFetching} />

      <CalendarFeed />

      <Card as="section" panel className="settings-danger" aria-labelledby="settings-danger">
        <h2 id="settings-danger" className="settings-card__title">
          Danger Zone
        </h2>
        <p className="settings-danger__text">
          Deleting your account removes your profile and everything you shared. This cannot be undone.
        </p>
        <FormAlert message={deleteError} />
        <Button variant="danger" onClick={ask} disabled={deleting}>
          <Icon name="trash" size={20} />
          Delete Account
        </Button>
      </Card>

      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        tone="danger"
        confirmLabel="Delete"
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={() => void remove()}
        onCancel={cancel}
      >
        <p>Your profile, photo and everything you shared will be removed for good. You will be logged out.</p>
        {password && (
          // A form, so Enter in the field confirms like the Delete button.
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            <CurrentPasswordField {...password} />
          </form>
        )}
      </ConfirmDialog>
    </div>
  );
}
