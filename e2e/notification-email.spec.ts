import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort } from '../bench/free-port.mjs';
import { serverInstance } from '../scripts/scale-stack.mjs';
import { uniqueUser, type TestUser } from './helpers';

// B messages A; A does not read it. After the delay (NOTIFY_EMAIL_DELAY_SECONDS, 3 s here) A's
// outbox (DATA_DIR/outbox, no SMTP_URL) gets exactly one e-mail, whose link opens the conversation
// in the browser, signed in as A. The server is this test's own (the built bundle and dist/, as
// `npm start` runs them: `npm run build` first), so the short delay touches no other journey.

const DELAY_S = 3;

/** Every .eml in the outbox addressed to `to`, parsed, oldest first. */
async function mailsTo(outbox: string, to: string): Promise<ParsedMail[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(outbox, name)))));
  return mails.filter((mail) => [mail.to].flat().some((address) => address?.text.includes(to)));
}

test('an unread message is e-mailed once after the delay, and the e-mail\'s link opens the conversation', async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'need-spot-e2e-mail-'));
  const outbox = path.join(dataDir, 'outbox');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = serverInstance(process.cwd(), {
    LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false', NOMINATIM_URL: 'http://127.0.0.1:9',
    NOTIFY_EMAIL_DELAY_SECONDS: String(DELAY_S), JOBS_POLL_MS: '250', PUBLIC_URL: origin,
  }, port);
  const api = await playwright.request.newContext({ baseURL: origin });
  try {
    await server.start();
    const signUp = async (user: TestUser) => {
      const { password, ...rest } = user;
      const registered = await api.post('/api/register', { data: { ...rest, password, confirmPassword: password } });
      expect(registered.status(), await registered.text()).toBe(201);
      const login = await api.post('/api/login', { data: { username: user.username, password } });
      expect(login.status(), await login.text()).toBe(200);
      return (await login.json()) as { token: string; user: Record<string, unknown> & { _id: string; email: string } };
    };
    const reader = await signUp({ ...uniqueUser(), firstName: 'Asha', lastName: 'Rao' });
    const writer = await signUp({ ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' });

    const sent = await api.post(`/api/messages/${reader.user._id}`, {
      data: { content: 'Hi Asha! Are you still in Goa?\nWe could share a ride to Hampi.' },
      headers: { Authorization: `Bearer ${writer.token}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // Nothing before the delay.
    await new Promise((resolve) => setTimeout(resolve, (DELAY_S * 1000) / 2));
    expect(await mailsTo(outbox, reader.user.email)).toHaveLength(0);
    // One e-mail after it, and still one a few polls of the jobs loop later.
    await expect.poll(async () => (await mailsTo(outbox, reader.user.email)).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const mails = await mailsTo(outbox, reader.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('New message from Bela Noor on Need Spot');
    expect(mail.text).toContain('Hi Asha! Are you still in Goa?');
    expect(mail.text).toContain('We could share a ride to Hampi.');
    expect(mail.html).toContain('<strong>Bela Noor</strong>');
    expect(mail.headerLines.map((line) => line.key)).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    const link = /Open the conversation: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBe(`${origin}/messages/${writer.user._id}`);

    // The link, in the browser where A is signed in, opens the conversation with B's message.
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin, localStorage: [{ name: 'userData', value: JSON.stringify({ ...reader.user, token: reader.token }) }, { name: 'token', value: reader.token }] }],
      },
    });
    const page = await context.newPage();
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
    await expect(page.getByRole('log').getByRole('listitem').filter({ hasText: 'Are you still in Goa?' })).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('conversation-from-email.png') });
    await context.close();
  } finally {
    await api.dispose();
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
