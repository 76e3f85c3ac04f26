import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getServerMessage, isNetworkError, useVerifyPasswordResetOtpMutation } from '@/shared/api';
import { paths } from '@/shared/config';
import { RESET_CODE_LENGTH, validateResetCode } from '@/shared/lib/validation';
import { Button } from '@/shared/ui/button';
import { FormAlert } from '@/shared/ui/form-alert';
import { Modal } from '@/shared/ui/modal';
import { RESET_MESSAGES, type ResetState } from '../lib/messages';
import { OtpBoxes } from './otp-boxes';
import { RecoveryLayout } from './recovery-layout';
import { ToastMessage } from './toast-message';

const emptyCode = () => Array.from({ length: RESET_CODE_LENGTH }, () => '');

function ResetOtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [verifyCode, { isLoading }] = useVerifyPasswordResetOtpMutation();
  const [digits, setDigits] = useState(emptyCode);
  const [error, setError] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    const otp = digits.join('');
    const found = validateResetCode(otp);
    setError(found);
    if (found) return;

    setFormError(null);
    try {
      const result = await verifyCode({ email, otp }).unwrap();
      if (!result.status) {
        setFormError(result.message || RESET_MESSAGES.invalidCode);
        return;
      }
      toast.success(<ToastMessage title={RESET_MESSAGES.verifiedTitle} text={RESET_MESSAGES.verifiedText} />);
      const state: ResetState = { email, otp };
      navigate(paths.forgotPassword.setPassword(), { state });
    } catch (failure) {
      if (isNetworkError(failure)) {
        setFormError(RESET_MESSAGES.unexpected);
        setDialogOpen(true);
        return;
      }
      setFormError(getServerMessage(failure) ?? RESET_MESSAGES.invalidCode);
    }
  };

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
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={isLoading || undefined}>
        <FormAlert message={formError} />
        <OtpBoxes
          legend="One-time code"
          value={digits}
          autoFocus
          error={error}
          onChange={(next) => {
            setDigits(next);
            if (attempted) setError(validateResetCode(next.join('')));
          }}
        />
        <Button type="submit" size="lg" block disabled={isLoading}>
          {isLoading ? 'Verifying...' : 'Verify OTP'}
        </Button>
      </form>
      <Modal open={dialogOpen} onClose={() => setDialogOpen(false)} title="Error">
        <p className="recovery__dialog-text">{RESET_MESSAGES.unexpected}</p>
        <Button block onClick={() => setDialogOpen(false)}>
          OK
        </Button>
      </Modal>
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
