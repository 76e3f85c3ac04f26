import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useChangePasswordMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import {
  validateChangePassword,
  type ChangePasswordField,
  type ChangePasswordValues,
} from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

const fields: { name: ChangePasswordField; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** Key order = on-screen order = the order the first error gets focus in. */
const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /settings/change-password: on success, home (this session stays; the others end). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const userId = useSelector(selectUserId) ?? '';
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { field, formError, setFormError, showServerError, handleSubmit } = useForm({
    initialValues: empty,
    validate: validateChangePassword,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
    // The refusal's or the failed request's own message, else the spec's fallback.
    const outcome = await settleStatus(changePassword({ userId, ...values }), SETTINGS_MESSAGES.passwordFailed);
    if (!outcome.ok) {
      // A message about one field (a too common new password) goes under that field.
      if (!showServerError(outcome.field, outcome.message)) setFormError(outcome.message);
      return;
    }
    toast.success(outcome.result.message || SETTINGS_MESSAGES.passwordChanged);
    navigate(paths.home());
  });

  return (
    <SettingsFormLayout
      title="Change Password"
      icon="lock"
      description="Enter your current password, then choose a new one of at least 6 characters. Your other devices will be signed out."
    >
      <Form className="settings-form__form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Change Password" busyLabel="Changing...">
        {fields.map(({ name, label, autoComplete }) => (
          <TextField key={name} {...field(name)} label={label} type="password" autoComplete={autoComplete} />
        ))}
      </Form>
    </SettingsFormLayout>
  );
}
