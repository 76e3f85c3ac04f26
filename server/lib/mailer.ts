import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** How the server sends e-mail (OTP codes); SMTP or an outbox folder are configured in later issues. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Default when no mailer is injected: the message goes to the log, so development needs no SMTP. */
export const logMailer = (log: FastifyBaseLogger): Mailer => ({
  async send(message) {
    log.info({ mail: message }, 'mail (no transport configured)');
  },
});
