import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, isNetworkError, useRequestPasswordResetMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { validateResetEmail } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { RESET_MESSAGES } from '../lib/messages';
import { RecoveryLayout } from './recovery-layout';
import { ToastMessage } from './toast-message';

/** /forgot-password: the e-mail to send a reset code to. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateResetEmail(email);
    setError(found);
    if (found) {
      input.current?.focus();
      return;
    }

    setFormError(null);
    const address = email.trim();
    try {
      const result = await requestReset({ email: address }).unwrap();
      if (!result.status) {
        setFormError(result.message || RESET_MESSAGES.sendFailed);
        return;
      }
      toast.success(<ToastMessage title={RESET_MESSAGES.sentTitle} text={result.message || RESET_MESSAGES.sentText} />);
      navigate(paths.forgotPassword.otp(address));
    } catch (failure) {
      setFormError(
        isNetworkError(failure) ? RESET_MESSAGES.unexpected : (getServerMessage(failure) ?? RESET_MESSAGES.sendFailed),
      );
    }
  };

  return (
    <RecoveryLayout
      pageTitle="Forgot Password"
      title="Forgot Password"
      subtitle="Enter the e-mail address of your account and we will send you a 6-digit code."
    >
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <FormAlert message={formError} />
        <TextField
          ref={input}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (attempted) setError(validateResetEmail(event.target.value));
          }}
          error={error}
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Reset Password'}
        </Button>
      </form>
    </RecoveryLayout>
  );
}
