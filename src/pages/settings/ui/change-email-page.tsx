import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, isNetworkError, useSendEmailOtpMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { validateNewEmail } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { SettingsFormLayout } from './settings-form-layout';

/** /settings/change-email: step 1 of 2, a code is sent to the new address. */
export function ChangeEmailPage() {
  const navigate = useNavigate();
  const [sendEmailOtp, { isLoading }] = useSendEmailOtpMutation();
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const found = validateNewEmail(newEmail);
    setError(found);
    if (found) {
      input.current?.focus();
      return;
    }

    const address = newEmail.trim();
    try {
      const result = await sendEmailOtp({ newEmail: address }).unwrap();
      if (!result.status) {
        setError(result.message || undefined);
        return;
      }
      toast.success(result.message || SETTINGS_MESSAGES.otpSent);
      navigate(paths.settings.verifyEmailOtp(), { state: { newEmail: address } });
    } catch (failure) {
      // Spec §8: an answer with status false shows its message under the field; a raised error is ignored.
      if (isNetworkError(failure)) return;
      const message = getServerMessage(failure);
      if (message) {
        setError(message);
        input.current?.focus();
      }
    }
  };

  return (
    <SettingsFormLayout
      title="Change Email"
      icon="mail"
      description="We will send a one-time code to your new address. Enter it on the next screen to confirm the change."
    >
      <form className="settings-form__form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <TextField
          ref={input}
          label="New Email"
          name="newEmail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          value={newEmail}
          onChange={(event) => {
            setNewEmail(event.target.value);
            if (attempted) setError(validateNewEmail(event.target.value));
          }}
          error={error}
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Sending...' : 'Receive OTP'}
        </Button>
      </form>
    </SettingsFormLayout>
  );
}
