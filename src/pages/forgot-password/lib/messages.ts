// Spec §8 Password reset, word for word.
export const RESET_MESSAGES = {
  sentTitle: 'OTP Sent',
  sentText: 'An OTP has been sent to your email.',
  sendFailed: 'Failed to send OTP. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  verifiedTitle: 'OTP Verified',
  verifiedText: 'Your OTP has been successfully verified.',
  invalidCode: 'Invalid OTP. Please try again.',
  updated: 'Password successfully updated!',
  resetFailed: 'Failed to reset password. Try again.',
} as const;

/** What the code page hands the new-password page (navigation state, never the URL). */
export interface ResetState {
  email: string;
  otp: string;
}

export function readResetState(state: unknown): ResetState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, otp } = state as Record<string, unknown>;
  return typeof email === 'string' && email !== '' && typeof otp === 'string' && otp !== '' ? { email, otp } : null;
}
