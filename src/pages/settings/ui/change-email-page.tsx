import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, isNetworkError, useSendEmailOtpMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateNewEmail } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

const validate = ({ newEmail }: { newEmail: string }) => ({ newEmail: validateNewEmail(newEmail) });

/** /settings/change-email: step 1 of 2, a code is sent to the new address. */
export function ChangeEmailPage() {
  const navigate = useNavigate();
  const [sendEmailOtp, { isLoading }] = useSendEmailOtpMutation();
  const { field, setFieldError, focus, handleSubmit } = useForm({
    initialValues: { newEmail: '' },
    validate,
    busy: isLoading,
  });

  const submit = handleSubmit(async (values) => {
    const address = values.newEmail.trim();
    try {
      const result = await sendEmailOtp({ newEmail: address }).unwrap();
      if (!result.status) {
        setFieldError('newEmail', result.message || undefined);
        return;
      }
      toast.success(result.message || SETTINGS_MESSAGES.otpSent);
      navigate(paths.settings.verifyEmailOtp(), { state: { newEmail: address } });
    } catch (failure) {
      // Spec §8: an answer with status false shows its message under the field; a raised error is ignored.
      if (isNetworkError(failure)) return;
      const message = getServerMessage(failure);
      if (message) {
        setFieldError('newEmail', message);
        focus('newEmail');
      }
    }
  });

  return (
    <SettingsFormLayout
      title="Change Email"
      icon="mail"
      description="We will send a one-time code to your new address. Enter it on the next screen to confirm the change."
    >
      <form className="settings-form__form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <TextField
          {...field('newEmail')}
          label="New Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Receive OTP'}
        </Button>
      </form>
    </SettingsFormLayout>
  );
}
