import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** One line for the log when mail goes to the outbox (the code), so local runs can finish a flow. */
  logLine?: string;
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
  return {
    async send({ to, subject, text, logLine }) {
      const info = await transport.sendMail({ from, to, subject, text });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxName());
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file }, logLine ?? `mail written to ${file}`);
    },
  };
}
