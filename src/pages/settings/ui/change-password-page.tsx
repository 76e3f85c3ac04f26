import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, useChangePasswordMutation } from '@/shared/api';
import { selectCurrentUser } from '@/shared/auth';
import { paths } from '@/shared/config';
import {
  hasErrors,
  validateChangePassword,
  type ChangePasswordField,
  type ChangePasswordValues,
  type FieldErrors,
} from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

const fields: { field: ChangePasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /settings/change-password: on success, home (this session stays; the others end). */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const userId = useSelector(selectCurrentUser)?._id ?? '';
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [values, setValues] = useState<ChangePasswordValues>(empty);
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordField>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<ChangePasswordField, HTMLInputElement | null>>>({});

  const change = (field: ChangePasswordField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (attempted) setErrors(validateChangePassword(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateChangePassword(values);
    setErrors(found);
    if (hasErrors(found)) {
      inputs.current[fields.find(({ field }) => found[field])?.field ?? 'currentPassword']?.focus();
      return;
    }

    setFormError(null);
    try {
      const result = await changePassword({ userId, ...values }).unwrap();
      if (!result.status) {
        setFormError(result.message || SETTINGS_MESSAGES.passwordFailed);
        return;
      }
      toast.success(result.message || SETTINGS_MESSAGES.passwordChanged);
      navigate(paths.home());
    } catch (failure) {
      // The server's message, else the error's own, else the spec's fallback (getServerMessage reads both).
      setFormError(getServerMessage(failure) ?? SETTINGS_MESSAGES.passwordFailed);
    }
  };

  return (
    <SettingsFormLayout
      title="Change Password"
      icon="lock"
      description="Enter your current password, then choose a new one of at least 6 characters. Your other devices will be signed out."
    >
      <form className="settings-form__form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <FormAlert message={formError} />
        {fields.map(({ field, label, autoComplete }) => (
          <TextField
            key={field}
            ref={(node) => {
              inputs.current[field] = node;
            }}
            label={label}
            name={field}
            type="password"
            autoComplete={autoComplete}
            value={values[field]}
            onChange={change(field)}
            error={errors[field]}
          />
        ))}
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
    </SettingsFormLayout>
  );
}
