import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** How the server sends e-mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

// A sortable name: the time to the millisecond, then random bytes for mails of the same millisecond.
const outboxName = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Short timeouts: a request waiting on a dead mail server must not hang for minutes.
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send({ to, subject, text }) {
        await transport.sendMail({ from, to, subject, text });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Once, at start: nobody receives these mails unless they read the folder.
  log.warn(`SMTP_URL is not set: mail (password reset and e-mail change codes) is written to ${outboxDir} instead of being sent`);
  return {
    async send({ to, subject, text }) {
      const info = await transport.sendMail({ from, to, subject, text });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxName());
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Never the code (nor the address): logs travel further than the outbox.
      log.info({ file }, 'mail written to the outbox');
    },
  };
}
