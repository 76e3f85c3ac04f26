import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter, TransportOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (multipart/alternative); escape whatever members wrote. */
  html?: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
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

// nodemailer is loaded by the first mail sent (a password reset, an e-mail change), not at start:
// most of a server's life sends none, and its modules would stay in memory all the while.
function lazyTransport(options: SMTPTransport.Options | StreamTransport.Options | TransportOptions): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    // Short timeouts: a request waiting on a dead mail server must not hang for minutes.
    const transport = lazyTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send({ to, subject, text, html, headers }) {
        await (await transport()).sendMail({ from, to, subject, text, html, headers });
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Once, at start: nobody receives these mails unless they read the folder.
  log.warn(`SMTP_URL is not set: mail (codes, notification e-mails) is written to ${outboxDir} instead of being sent`);
  return {
    async send({ to, subject, text, html, headers }) {
      const info = await (await transport()).sendMail({ from, to, subject, text, html, headers });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxName());
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // Never the code (nor the address): logs travel further than the outbox.
      log.info({ file }, 'mail written to the outbox');
    },
  };
}
