import { useSelector } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useVerifyEmailOtpMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateEmailOtp } from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { readNewEmail, SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

const validate = ({ otp }: { otp: string }) => ({ otp: validateEmailOtp(otp) });

function VerifyEmailOtpForm({ newEmail }: { newEmail: string }) {
  const userId = useSelector(selectUserId) ?? '';
  const navigate = useNavigate();
  const [verifyEmailOtp, { isLoading }] = useVerifyEmailOtpMutation();
  const { field, setValue, formError, setFormError, handleSubmit } = useForm({
    initialValues: { otp: '' },
    validate,
    busy: isLoading,
  });

  const submit = handleSubmit(async ({ otp }) => {
    const outcome = await settleStatus(verifyEmailOtp({ userId, otp: otp.trim(), newEmail }), SETTINGS_MESSAGES.invalidOtp, {
      network: SETTINGS_MESSAGES.otpWrong,
    });
    if (!outcome.ok) {
      setFormError(outcome.message);
      return;
    }
    const { result } = outcome;
    toast.success(result.message || SETTINGS_MESSAGES.emailVerified);
    navigate(paths.home());
  });

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
      <Form
        className="settings-form__form"
        onSubmit={submit}
        busy={isLoading}
        error={formError}
        submitLabel="Verify OTP"
        busyLabel="Verifying..."
        footer={
          <p className="settings-form__aside">
            Didn&apos;t get the code? <Link to={paths.settings.changeEmail()}>Send a new one</Link>
          </p>
        }
      >
        <TextField
          {...field('otp')}
          label="OTP"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder="6-digit code"
          className="settings-form__otp"
          // Digits only; after the spread, so this replaces field()'s onChange.
          onChange={(event) => setValue('otp', event.target.value.replace(/\D/g, ''))}
        />
      </Form>
    </SettingsFormLayout>
  );
}

/** /settings/verify-email-otp: step 2 of 2; the new address comes in route state, else back to step 1. */
export function VerifyEmailOtpPage() {
  const newEmail = readNewEmail(useLocation().state);
  if (!newEmail) return <Navigate to={paths.settings.changeEmail()} replace />;
  return <VerifyEmailOtpForm key={newEmail} newEmail={newEmail} />;
}
