import type { MailMessage } from './mailer.js';

// Plain-text mails. The code stands alone on its own line, so it is easy to copy (and to find in tests).
const signature = '\n\nIf you did not ask for this, you can ignore this e-mail.\n\nNeed Spot';

export function passwordResetCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Your Need Spot password reset code',
    text: `Use this code to reset your Need Spot password:\n\n    ${code}\n\nIt expires in ${minutes} minutes.${signature}`,
  };
}

export function emailChangeCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Confirm your new Need Spot e-mail address',
    text: `Use this code to confirm ${to} as the e-mail address of your Need Spot account:\n\n    ${code}\n\n`
      + `It expires in ${minutes} minutes.${signature}`,
  };
}

export interface NoticeContext {
  supportEmail: string;
  username: string;
}

/**
 * To the old address after an e-mail change. Whoever changed it also receives the password reset
 * codes now, so the way back goes through support, from this (old) address.
 */
export function emailChangedNoticeMail(to: string, newEmail: string, { supportEmail, username }: NoticeContext): MailMessage {
  return {
    to,
    subject: 'Your Need Spot e-mail address was changed',
    text: `The e-mail address of your Need Spot account (${username}) was changed from ${to} to ${newEmail}, `
      + 'and every other device was signed out.\n\n'
      + 'If you did not do this, someone else may have your password. To get your account back:\n'
      + `  1. Write to ${supportEmail} from this address (${to}) and quote your username, ${username}.\n`
      + '  2. We restore this address, sign out every device and send you a code to set a new password.\n'
      + '  3. Until then, do not use the same password anywhere else.\n\nNeed Spot',
  };
}
