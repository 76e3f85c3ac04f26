import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { settleStatus, useVerifyPasswordResetOtpMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { RESET_CODE_LENGTH, validateResetCode } from '@/shared/lib/validation';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { Form } from '@/shared/ui/form';
import { RESET_MESSAGES, type ResetState } from '../lib/messages';
import { OtpBoxes } from './otp-boxes';
import { RecoveryLayout } from './recovery-layout';
import { ToastMessage } from './toast-message';

const emptyCode = () => ({ digits: Array.from({ length: RESET_CODE_LENGTH }, () => '') });

// OtpBoxes keeps its own focus handling (no `field()` ref), so an invalid code leaves focus where it is.
const validate = ({ digits }: { digits: string[] }) => ({ digits: validateResetCode(digits.join('')) });

function ResetOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [verifyCode, { isLoading }] = useVerifyPasswordResetOtpMutation();
  const { values, errors, setValue, formError, setFormError, handleSubmit } = useForm({
    initialValues: emptyCode,
    validate,
    busy: isLoading,
  });
  const [dialogOpen, setDialogOpen] = useState(false);

  const submit = handleSubmit(async ({ digits }) => {
    const otp = digits.join('');
    const outcome = await settleStatus(verifyCode({ email, otp }), RESET_MESSAGES.invalidCode, {
      network: RESET_MESSAGES.unexpected,
    });
    if (!outcome.ok) {
      setFormError(outcome.message);
      // No answer at all: also said in a dialog.
      if (outcome.network) setDialogOpen(true);
      return;
    }
    toast.success(<ToastMessage title={RESET_MESSAGES.verifiedTitle} text={RESET_MESSAGES.verifiedText} />);
    const state: ResetState = { email, otp };
    navigate(paths.forgotPassword.setPassword(), { state });
  });

  return (
    <RecoveryLayout
      pageTitle="Verify OTP"
      title="Enter OTP"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>. It expires in 10 minutes.
        </>
      }
      footer={
        <p>
          Didn&apos;t get a code? <Link to={paths.forgotPassword.root()}>Send a new one</Link>
        </p>
      }
    >
      <Form className="auth-form" onSubmit={submit} busy={isLoading} error={formError} submitLabel="Verify OTP" busyLabel="Verifying...">
        <OtpBoxes
          legend="One-time code"
          value={values.digits}
          autoFocus
          error={errors.digits}
          onChange={(next) => setValue('digits', next)}
        />
      </Form>
      <ErrorDialog message={dialogOpen ? RESET_MESSAGES.unexpected : null} onClose={() => setDialogOpen(false)} />
    </RecoveryLayout>
  );
}

/** /forgot-password/otp?email=: the six-digit code; without an e-mail, back to the first step. */
export function ResetOtpPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  if (!email) return <Navigate to={paths.forgotPassword.root()} replace />;
  return <ResetOtpForm key={email} email={email} />;
}
