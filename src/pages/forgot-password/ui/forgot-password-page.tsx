import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useRequestPasswordResetMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateResetEmail } from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { RESET_MESSAGES } from '../lib/messages';
import { RecoveryLayout } from './recovery-layout';
import { ToastMessage } from './toast-message';

const validate = ({ email }: { email: string }) => ({ email: validateResetEmail(email) });

/** /forgot-password: the e-mail to send a reset code to. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const { field, formError, setFormError, handleSubmit } = useForm({
    initialValues: { email: '' },
    validate,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
    const address = values.email.trim();
    const outcome = await settleStatus(requestReset({ email: address }), RESET_MESSAGES.sendFailed, {
      network: RESET_MESSAGES.unexpected,
    });
    if (!outcome.ok) {
      setFormError(outcome.message);
      return;
    }
    const text = outcome.result.message || RESET_MESSAGES.sentText;
    toast.success(<ToastMessage title={RESET_MESSAGES.sentTitle} text={text} />);
    navigate(paths.forgotPassword.otp(address));
  });

  return (
    <RecoveryLayout
      pageTitle="Forgot Password"
      title="Forgot Password"
      subtitle="Enter the e-mail address of your account and we will send you a 6-digit code."
    >
      <Form className="auth-form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Reset Password" busyLabel="Sending...">
        <TextField
          {...field('email')}
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
      </Form>
    </RecoveryLayout>
  );
}
