import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, useResetPasswordMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import {
  hasErrors,
  validateNewPassword,
  type FieldErrors,
  type NewPasswordField,
  type NewPasswordValues,
} from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { readResetState, RESET_MESSAGES, type ResetState } from '../lib/messages';
import { RecoveryLayout } from './recovery-layout';

const fieldOrder: NewPasswordField[] = ['newPassword', 'confirmPassword'];

function SetPasswordForm({ email, otp }: ResetState) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<NewPasswordField>>({});
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<NewPasswordField, HTMLInputElement | null>>>({});

  const change = (field: NewPasswordField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (attempted) setErrors(validateNewPassword(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateNewPassword(values);
    setErrors(found);
    if (hasErrors(found)) {
      inputs.current[fieldOrder.find((field) => found[field]) ?? 'newPassword']?.focus();
      return;
    }

    setFormError(null);
    try {
      const result = await resetPassword({ email, otp, newPassword: values.newPassword }).unwrap();
      if (!result.status) {
        setFormError(result.message || RESET_MESSAGES.resetFailed);
        return;
      }
      toast.success(RESET_MESSAGES.updated);
      navigate(paths.login(), { replace: true });
    } catch (failure) {
      setFormError(getServerMessage(failure) ?? RESET_MESSAGES.resetFailed);
    }
  };

  return (
    <RecoveryLayout
      pageTitle="Set New Password"
      title="Set New Password"
      subtitle={
        <>
          Choose a new password for <strong>{email}</strong>. You will be signed out everywhere else.
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <FormAlert message={formError} />
        <TextField
          ref={(node) => {
            inputs.current.newPassword = node;
          }}
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          value={values.newPassword}
          onChange={change('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          ref={(node) => {
            inputs.current.confirmPassword = node;
          }}
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat the new password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Submitting...' : 'Submit'}
        </Button>
      </form>
    </RecoveryLayout>
  );
}

/** /forgot-password/set-password: e-mail and code come in navigation state; without them, start over. */
export function SetPasswordPage() {
  const reset = readResetState(useLocation().state);
  if (!reset) return <Navigate to={paths.forgotPassword.root()} replace />;
  return <SetPasswordForm email={reset.email} otp={reset.otp} />;
}
