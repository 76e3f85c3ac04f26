import { useId } from 'react';
import { toast } from 'react-toastify';
import {
  useGetNotificationPreferencesQuery, useSessionUser, useUpdateNotificationPreferenceMutation, type NotificationPreference,
} from '@/shared/api';
import { getAppConfig, paths } from '@/shared/config';
import { BackLink } from '@/shared/ui/back-link';
import { Card } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { Switch } from '@/shared/ui/switch';
import {
  BY_EMAIL_LABEL, IN_APP_LABEL, kindLabel, MESSAGES_IN_APP_REASON, PREFERENCES_SAVED, PUSH_DEVICE_LABEL, PUSH_DEVICE_TEXT, PUSH_LABEL,
} from '../lib/notification-kinds';
import { usePushDevice } from '../model/use-push-device';
import './notification-settings.css';

interface KindRowProps {
  preference: NotificationPreference;
  onChange: (next: NotificationPreference) => void;
}

/** One kind: its two channels, a labelled group for screen readers. */
function KindRow({ preference, onChange }: KindRowProps) {
  const reasonId = useId();
  // In the app is always on for messages (the server keeps it so): shown on, and why it cannot change.
  const locked = preference.kind === 'message';
  return (
    <li className="notification-settings__row">
      <fieldset className="notification-settings__kind">
        <legend className="notification-settings__legend">{kindLabel(preference.kind)}</legend>
        <div className="notification-settings__channels">
          <Switch
            label={IN_APP_LABEL}
            checked={locked || preference.inApp}
            disabled={locked}
            describedBy={locked ? reasonId : undefined}
            onChange={(inApp) => onChange({ ...preference, inApp })}
          />
          <Switch label={BY_EMAIL_LABEL} checked={preference.email} onChange={(email) => onChange({ ...preference, email })} />
          <Switch label={PUSH_LABEL} checked={preference.push} onChange={(push) => onChange({ ...preference, push })} />
        </div>
        {locked && (
          <p id={reasonId} className="notification-settings__reason">
            {MESSAGES_IN_APP_REASON}
          </p>
        )}
      </fieldset>
    </li>
  );
}

/**
 * Push on this device: a switch that asks the browser's permission only when turned on, and says
 * plainly when this browser cannot (no support, blocked, no service worker).
 */
function PushDevice() {
  const textId = useId();
  const { state, busy, turnOn, turnOff } = usePushDevice();
  const usable = state === 'on' || state === 'off';
  return (
    <Card as="section" panel aria-label="Push on this device" className="notification-settings__device">
      <Switch
        label={PUSH_DEVICE_LABEL}
        checked={state === 'on'}
        disabled={!usable || busy}
        describedBy={textId}
        onChange={(on) => void (on ? turnOn() : turnOff())}
      />
      <p id={textId} className="notification-settings__reason" aria-live="polite">
        {PUSH_DEVICE_TEXT[state]}
      </p>
    </Card>
  );
}

/**
 * /settings/notifications: for each kind of notification, in the app, by e-mail and by push (to the
 * devices where push is on, the switch above the list). A switch saves
 * at once (on screen first; read again from the server and said so if the save fails).
 */
export function NotificationSettingsPage() {
  const { user } = useSessionUser();
  const { data, isLoading, error, refetch } = useGetNotificationPreferencesQuery();
  const [update, saving] = useUpdateNotificationPreferenceMutation();

  const change = async (next: NotificationPreference) => {
    try {
      await update(next).unwrap();
      // One toast for a run of changes, not one per switch.
      toast.success(PREFERENCES_SAVED, { toastId: 'notification-preferences-saved' });
    } catch {
      // Put right and said so by the mutation.
    }
  };

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading your notification settings" />;
  } else if (!data && error) {
    content = <LoadFailure title="Could not load your notification settings" onRetry={refetch} />;
  } else if (!data || data.length === 0) {
    content = <EmptyState icon="bell" title="No notification settings to choose" />;
  } else {
    content = (
      <ul className="notification-settings__list" aria-label="Notification kinds">
        {data.map((preference) => (
          <KindRow key={preference.kind} preference={preference} onChange={(next) => void change(next)} />
        ))}
      </ul>
    );
  }

  const status = saving.isLoading ? 'Saving…' : saving.isError ? 'Not saved' : saving.isSuccess ? 'Saved' : '';

  return (
    <div className="page settings notification-settings">
      <PageMeta title={`Notifications | ${getAppConfig().brandName}`} description="Choose how you hear of messages, requests and more." />
      <BackLink to={paths.settings.root()}>Account Settings</BackLink>
      <h1 className="page-title">Notifications</h1>
      <p className="notification-settings__intro">
        Choose how you hear of each kind of news. E-mails go to {user?.email ? <strong>{user.email}</strong> : 'your account’s address'}, only
        for what is still unread a while after it happened, gathered in one e-mail; each e-mail has a link to stop that kind. Push
        notifications reach the devices where you turn them on below, at once.
      </p>
      <PushDevice />
      <Card as="section" panel aria-label="Notification channels">
        {content}
      </Card>
      <p className="notification-settings__status" role="status">
        {status}
      </p>
    </div>
  );
}
