import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createMailer } from './mailer.js';
import { passwordResetCodeMail } from './templates.js';

const from = 'Need Spot <no-reply@needspot.app>';

describe('createMailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ns-mail-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('without SMTP_URL: writes each mail as an .eml into the outbox (sortable names), warns once, never logs a code', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => lines.push(JSON.stringify(args));
    const log = { info: record, warn: record, error: record } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from, outboxDir: path.join(dir, 'outbox'), log });
    await mailer.send(passwordResetCodeMail('asha@example.com', '012345', 10));
    await mailer.send(passwordResetCodeMail('asha@example.com', '999999', 10));
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((name) => /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true);
    const first = await readFile(path.join(dir, 'outbox', [...files].sort()[0]), 'utf8');
    expect(first).toContain('From: Need Spot <no-reply@needspot.app>');
    expect(first).toContain('To: asha@example.com');
    expect(first).toMatch(/^\s+012345$/m);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('SMTP_URL is not set');
    expect(lines.slice(1).every((line) => line.includes('mail written to the outbox'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/012345|999999|asha@example\.com/);
  });

  it('with SMTP_URL: delivers over SMTP', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({ smtpUrl: sink.url, from, outboxDir: path.join(dir, 'outbox'), log: {} as FastifyBaseLogger });
      await mailer.send(passwordResetCodeMail('bo@example.com', '424242', 10));
      const mail = await sink.waitForMail('bo@example.com');
      expect(mail.code).toBe('424242');
      expect(mail.raw).toContain('Subject: Your Need Spot password reset code');
    } finally {
      await sink.close();
    }
  });
});
