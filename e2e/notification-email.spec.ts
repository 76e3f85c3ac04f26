import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expectNoSeriousViolations } from './axe';
import { uniqueUser, type TestUser } from './helpers';
import { ownServer, type Member } from './own-server';

// B messages A; A does not read it. After the delay (NOTIFY_EMAIL_DELAY_SECONDS, 3 s here) A's
// outbox (DATA_DIR/outbox, no SMTP_URL) gets exactly one e-mail, whose link opens the conversation
// in the browser, signed in as A, and whose unsubscribe link works signed out. And the settings
// screen saves. The server is this file's own (the built bundle and dist/, as `npm start` runs
// them: `npm run build` first), so the short delay touches no other journey.

const DELAY_S = 3;

/** Every .eml in the outbox addressed to `to`, parsed, oldest first. */
async function mailsTo(outbox: string, to: string): Promise<ParsedMail[]> {
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(path.join(outbox, name)))));
  return mails.filter((mail) => [mail.to].flat().some((address) => address?.text.includes(to)));
}

test.describe.configure({ mode: 'serial' });

const own = ownServer('mail', { NOTIFY_EMAIL_DELAY_SECONDS: String(DELAY_S) });
let dataDir: string;
let origin: string;
let api: APIRequestContext;
const signUp = (user: TestUser) => own.signUp(user);

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  await own.start(playwright);
  ({ origin, api, dataDir } = own);
});

test.afterAll(() => own.stop());

/** A browser context signed in as the SPA stores a login (none: signed out). */
const contextFor = (browser: Browser, member?: Member) => browser.newContext({
  storageState: {
    cookies: [],
    origins: member
      ? [{ origin, localStorage: [{ name: 'userData', value: JSON.stringify({ ...member.user, token: member.token }) }, { name: 'token', value: member.token }] }]
      : [],
  },
});

const emailChoices = async (member: Member) => Object.fromEntries(
  ((await (await api.get('/api/notifications/preferences', { headers: { Authorization: `Bearer ${member.token}` } })).json()).data as Array<{ kind: string; email: boolean }>)
    .map((item) => [item.kind, item.email]),
);

test('an unread message is e-mailed once after the delay; its link opens the conversation, its unsubscribe link works signed out', async ({ browser }) => {
  const outbox = path.join(dataDir, 'outbox');
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
  const signedIn = await contextFor(browser, reader);
  const page = await signedIn.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
  await expect(page.getByRole('log').getByRole('listitem').filter({ hasText: 'Are you still in Goa?' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('conversation-from-email.png') });
  await signedIn.close();

  // The e-mail's "Stop e-mails about new messages" link, signed out: it asks, then stops them.
  const stopLink = /Stop e-mails about new messages: (\S+)/.exec(mail.text ?? '')?.[1];
  expect(stopLink).toMatch(new RegExp(`^${origin}/unsubscribe\\?token=`));
  const signedOut = await contextFor(browser);
  const landing = await signedOut.newPage();
  await landing.goto(stopLink!);
  await expect(landing.getByText('Stop e-mails about new messages?')).toBeVisible();
  await expectNoSeriousViolations(landing, 'the unsubscribe page');
  expect((await emailChoices(reader)).message).toBe(true);
  await landing.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(landing.getByRole('status')).toContainText('Done: no more e-mails about new messages.');
  expect((await emailChoices(reader)).message).toBe(false);
  await signedOut.close();
});

test('Settings → Notifications: a switch saves at once and stays after a reload', async ({ browser }) => {
  const member = await signUp(uniqueUser());
  const context = await contextFor(browser, member);
  const page = await context.newPage();
  await page.goto(`${origin}/settings`);
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const likesByEmail = page.getByRole('group', { name: 'Likes on your whispers' }).getByRole('switch', { name: 'By e-mail' });
  await expect(likesByEmail).not.toBeChecked();
  const messagesInApp = page.getByRole('group', { name: 'New messages' }).getByRole('switch', { name: 'In the app' });
  await expect(messagesInApp).toBeChecked();
  await expect(messagesInApp).toBeDisabled();
  await expectNoSeriousViolations(page, 'Settings → Notifications');
  await likesByEmail.click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Likes on your whispers' }).getByRole('switch', { name: 'By e-mail' })).toBeChecked();
  expect((await emailChoices(member)).like).toBe(true);
  await context.close();
});
