import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useResetPasswordMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateNewPassword } from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { readResetState, RESET_MESSAGES, type ResetState } from '../lib/messages';
import { RecoveryLayout } from './recovery-layout';

function SetPasswordForm({ email, otp }: ResetState) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { field, formError, setFormError, showServerError, handleSubmit } = useForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: validateNewPassword,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
    const request = resetPassword({ email, otp, newPassword: values.newPassword });
    const outcome = await settleStatus(request, RESET_MESSAGES.resetFailed);
    if (!outcome.ok) {
      // A message about the new password (too common, the e-mail itself) goes under it.
      if (!showServerError(outcome.field, outcome.message)) setFormError(outcome.message);
      return;
    }
    toast.success(RESET_MESSAGES.updated);
    navigate(paths.login(), { replace: true });
  });

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
      <Form className="auth-form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Submit" busyLabel="Submitting...">
        <TextField
          {...field('newPassword')}
          label="New password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
        />
        <TextField
          {...field('confirmPassword')}
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat the new password"
        />
      </Form>
    </RecoveryLayout>
  );
}

/** /forgot-password/set-password: e-mail and code come in navigation state; without them, start over. */
export function SetPasswordPage() {
  const reset = readResetState(useLocation().state);
  if (!reset) return <Navigate to={paths.forgotPassword.root()} replace />;
  return <SetPasswordForm email={reset.email} otp={reset.otp} />;
}
