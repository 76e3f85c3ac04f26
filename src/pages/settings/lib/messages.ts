// Spec §8, word for word.
export const SETTINGS_MESSAGES = {
  deleted: 'Deleted!',
  deleteFailed: 'Server error. Please try again later.',
  passwordChanged: 'Password Changed',
  passwordFailed: 'Something went wrong. Please try again.',
  otpSent: 'OTP Sent',
  emailVerified: 'Email Verified',
  invalidOtp: 'Invalid OTP.',
  otpWrong: 'Otp Wrong.',
} as const;

/** The companion switch (the companions page points here by the same words). */
export const MATCHING_LABEL = 'Let travellers with overlapping trips find me';
/** What the server says when the switch changes (shown if an answer lacks its message). */
export const MATCHING_ON = 'Travellers with overlapping trips can now find you.';
export const MATCHING_OFF = 'Travellers can no longer find you by your trips.';

/** The fixed account status text (spec §2, §6). */
export const ACCOUNT_STATUS = 'Premium Member';

/** What the change-email screen hands the verify screen (route state). */
export function readNewEmail(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { newEmail } = state as Record<string, unknown>;
  return typeof newEmail === 'string' && newEmail.trim() !== '' ? newEmail : null;
}
