import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getErrorField, getServerMessage, isNetworkError, useSendEmailOtpMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { validateNewEmail } from '@/shared/lib/validation';
import { Form } from '@/shared/ui/form';
import { TextField } from '@/shared/ui/text-field';
import { SETTINGS_MESSAGES } from '../lib/messages';
import { CURRENT_PASSWORD_FIELD, CURRENT_PASSWORD_REQUIRED, sudoPassword } from '../lib/sudo';
import { CurrentPasswordField } from './current-password-field';
import { SettingsFormLayout } from './settings-form-layout';

interface Values {
  newEmail: string;
  currentPassword: string;
}

const validate = ({ newEmail }: Values) => ({ newEmail: validateNewEmail(newEmail) });
const validateWithPassword = (values: Values) => ({
  ...validate(values),
  currentPassword: values.currentPassword === '' ? CURRENT_PASSWORD_REQUIRED : undefined,
});

/** /settings/change-email: step 1 of 2, a code is sent to the new address. */
export function ChangeEmailPage() {
  const navigate = useNavigate();
  const [sendEmailOtp, { isLoading }] = useSendEmailOtpMutation();
  const [needsPassword, setNeedsPassword] = useState(false);
  const { values, setValue, field, errors, setFieldError, showServerError, handleSubmit } = useForm<Values>({
    initialValues: { newEmail: '', currentPassword: '' },
    validate: needsPassword ? validateWithPassword : validate,
    busy: isLoading,
  });

  const submit = handleSubmit(async ({ newEmail, currentPassword }) => {
    const address = newEmail.trim();
    try {
      const result = await sendEmailOtp({ newEmail: address, currentPassword: sudoPassword(needsPassword, currentPassword) }).unwrap();
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
      if (!message) return;
      if (getErrorField(failure) === CURRENT_PASSWORD_FIELD) {
        // The server wants the current password (or found it wrong): ask for it, keep the address.
        setNeedsPassword(true);
        setFieldError('currentPassword', message);
        return;
      }
      showServerError('newEmail', message);
    }
  });

  return (
    <SettingsFormLayout
      title="Change Email"
      icon="mail"
      description="We will send a one-time code to your new address. Enter it on the next screen to confirm the change."
    >
      <Form className="settings-form__form" onSubmit={submit} busy={isLoading} submitLabel="Receive OTP" busyLabel="Sending...">
        <TextField
          {...field('newEmail')}
          label="New Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
        />
        {needsPassword && (
          <CurrentPasswordField
            ref={field('currentPassword').ref}
            value={values.currentPassword}
            error={errors.currentPassword}
            onChange={(value) => setValue('currentPassword', value)}
          />
        )}
      </Form>
    </SettingsFormLayout>
  );
}
