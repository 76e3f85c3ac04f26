import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { logCapture } from './log-capture.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from './build-test-app.js';
import { bearer, signUp } from './fixtures.js';

// Without SMTP_URL mail goes to the outbox; the log says where, once, and never carries a code or a token.
let t: TestApp;
const log = logCapture('trace');
const { lines } = log;
beforeAll(async () => {
  t = await buildTestApp({ logger: log.logger });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

async function outboxCodes(): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'outbox');
  const mails = await Promise.all((await readdir(dir)).map((name) => readFile(path.join(dir, name), 'utf8')));
  return mails.flatMap((mail) => /^\s+(\d{6})$/m.exec(mail)?.[1] ?? []);
}

describe('the log', () => {
  it('warns once that mail goes to the outbox, and never holds a code, a token or a password', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.body.email } });
    await t.app.inject({ method: 'POST', url: '/api/send-email-otp', headers: bearer(user.token), payload: { newEmail: `moved-${Date.now()}@example.net` } });
    await t.app.backgroundIdle();
    const codes = await outboxCodes();
    expect(codes).toHaveLength(2);
    const log = lines.join('\n');
    expect(lines.filter((line) => line.includes('SMTP_URL is not set'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('mail written to the outbox'))).toHaveLength(2);
    for (const secret of [...codes, user.token, user.body.password]) expect(log).not.toContain(secret);
  });
});
