import type { MailMessage } from './mailer.js';

// Plain-text mails. The code stands alone on its own line, so it is easy to copy (and to find in tests).

const signature = '\n\nIf you did not ask for this, you can ignore this e-mail.\n\nNeed Spot';

export function passwordResetCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Your Need Spot password reset code',
    text: `Use this code to reset your Need Spot password:\n\n    ${code}\n\nIt expires in ${minutes} minutes.${signature}`,
    logLine: `Password reset code for ${to}: ${code}`,
  };
}

export function emailChangeCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Confirm your new Need Spot e-mail address',
    text: `Use this code to confirm ${to} as the e-mail address of your Need Spot account:\n\n    ${code}\n\n`
      + `It expires in ${minutes} minutes.${signature}`,
    logLine: `E-mail change code for ${to}: ${code}`,
  };
}

export function emailChangedNoticeMail(to: string, newEmail: string, supportEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Need Spot e-mail address was changed',
    text: `The e-mail address of your Need Spot account was changed from ${to} to ${newEmail}.\n\n`
      + `If you did not do this, contact ${supportEmail} at once.\n\nNeed Spot`,
    logLine: `E-mail change notice for ${to}`,
  };
}
