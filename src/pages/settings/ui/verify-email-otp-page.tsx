import { useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, isNetworkError, useVerifyEmailOtpMutation } from '@/shared/api';
import { sessionUserUpdated } from '@/shared/auth';
import { paths } from '@/shared/config';
import { validateEmailOtp } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { TextField } from '@/shared/ui/text-field';
import { readNewEmail, SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

function VerifyEmailOtpForm({ newEmail }: { newEmail: string }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [verifyEmailOtp, { isLoading }] = useVerifyEmailOtpMutation();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateEmailOtp(otp);
    setError(found);
    if (found) {
      input.current?.focus();
      return;
    }

    setFormError(null);
    try {
      const result = await verifyEmailOtp({ otp: otp.trim(), newEmail }).unwrap();
      if (!result.status) {
        setFormError(result.message || SETTINGS_MESSAGES.invalidOtp);
        return;
      }
      dispatch(sessionUserUpdated({ email: result.user?.email || newEmail }));
      toast.success(result.message || SETTINGS_MESSAGES.emailVerified);
      navigate(paths.home());
    } catch (failure) {
      setFormError(
        isNetworkError(failure) ? SETTINGS_MESSAGES.otpWrong : (getServerMessage(failure) ?? SETTINGS_MESSAGES.invalidOtp),
      );
    }
  };

  return (
    <SettingsFormLayout
      title="Verify Email"
      icon="shield"
      backTo={paths.settings.changeEmail()}
      backLabel="Change Email"
      description={
        <>
          Enter the code we sent to <strong>{newEmail}</strong>.
        </>
      }
    >
      <form className="settings-form__form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <FormAlert message={formError} />
        <TextField
          ref={input}
          label="OTP"
          name="otp"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder="6-digit code"
          className="settings-form__otp"
          value={otp}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            setOtp(digits);
            if (attempted) setError(validateEmailOtp(digits));
          }}
          error={error}
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Verifying...' : 'Verify OTP'}
        </Button>
        <p className="settings-form__aside">
          Didn&apos;t get the code? <Link to={paths.settings.changeEmail()}>Send a new one</Link>
        </p>
      </form>
    </SettingsFormLayout>
  );
}

/** /settings/verify-email-otp: step 2 of 2; the new address comes in route state, else back to step 1. */
export function VerifyEmailOtpPage() {
  const newEmail = readNewEmail(useLocation().state);
  if (!newEmail) return <Navigate to={paths.settings.changeEmail()} replace />;
  return <VerifyEmailOtpForm key={newEmail} newEmail={newEmail} />;
}
