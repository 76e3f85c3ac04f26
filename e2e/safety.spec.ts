import type { APIRequestContext, Browser } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { uniqueUser, type TestUser } from './helpers';
import { api, expect, registerViaApi, sessionState, storedToken, storedUserId, test } from './session';

// Safety among strangers against the real server: a block from a profile, a report that a moderator
// acts on, and a suspension that sends the member's open tab to the login page. The moderator was
// made by global-setup with `npm run moderator -- grant`, as an operator would.

const moderator = () => JSON.parse(process.env.E2E_MODERATOR ?? '{}') as Pick<TestUser, 'username' | 'password'>;

/** A registered traveller, signed in through the API: its stored session, id and bearer header. */
async function traveller(request: APIRequestContext, names: Partial<TestUser> = {}) {
  const user = { ...uniqueUser(), ...names };
  await registerViaApi(request, user);
  const state = await sessionState(request, user);
  return { user, state, id: storedUserId(state), auth: { Authorization: `Bearer ${storedToken(state)}` } };
}

async function pageFor(browser: Browser, state: Awaited<ReturnType<typeof sessionState>>) {
  const context = await browser.newContext({ storageState: state });
  return { context, page: await context.newPage() };
}

test.describe('safety', () => {
  test.use({ signedIn: true });

  test('A blocks B from B\'s profile; B can no longer message A', async ({ page, browser, request, account }) => {
    const b = await traveller(request, { firstName: 'Bruno', lastName: 'Stray' });
    // B wrote to A before the block: the conversation stays readable.
    const a = await sessionState(request, account);
    const aId = storedUserId(a);
    const sent = await request.post(api(`/api/messages/${aId}`), { headers: b.auth, data: { content: 'Hi, meet at the pier?' } });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.goto(`/whispers/profile/${b.id}`);
    await expect(page.getByRole('heading', { name: 'Bruno Stray', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Block @${b.user.username}?` });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(page, 'the Block confirmation');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(page.getByText('Member blocked.')).toBeVisible();
    await expect(page.getByText('You blocked this member.')).toBeVisible();

    // B opens the conversation: the earlier message is there, the composer is not.
    const other = await pageFor(browser, b.state);
    await other.page.goto(`/messages/${aId}`);
    await expect(other.page.getByRole('log')).toContainText('Hi, meet at the pier?');
    await expect(other.page.getByText('You cannot message this member.')).toBeVisible();
    await expect(other.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    // And the server refuses, whatever the page shows.
    const refused = await request.post(api(`/api/messages/${aId}`), { headers: b.auth, data: { content: 'Still there?' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'You cannot message this member.' });

    // A unblocks from Settings, Blocked members.
    await page.goto('/settings/blocked');
    const row = page.getByRole('listitem').filter({ hasText: `@${b.user.username}` });
    await expect(row).toBeVisible();
    await expectNoSeriousViolations(page, 'Blocked members with one member');
    await row.getByRole('button', { name: 'Unblock' }).click();
    await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
    await other.context.close();
  });

  test('A reports a whisper, a moderator hides it: gone from the list for everyone but its author', async ({ page, browser, request }) => {
    const author = await traveller(request, { firstName: 'Sana', lastName: 'Spammer' });
    const word = `spam${Date.now().toString(36)}`;
    const title = `Cheap tours ${word}`;
    const published = await request.post(api('/api/whispers'), {
      headers: author.auth,
      multipart: { title, location: 'Calangute, Goa', category: 'Beach', description: `Click my link (${word}).` },
    });
    expect(published.status(), await published.text()).toBe(201);
    const whisperId = ((await published.json()) as { whisper: { _id: string } }).whisper._id;

    // A reports it from its page.
    await page.goto(`/whispers/whisper-detail/${whisperId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Details').fill('Advertising on every whisper.');
    await expectNoSeriousViolations(page, 'the Report dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks, our moderators will look at this')).toBeVisible();

    // The moderator hides it from the queue.
    const mod = await pageFor(browser, await sessionState(request, moderator()));
    await mod.page.goto('/moderation');
    await expect(mod.page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const item = mod.page.getByRole('list', { name: 'Reported items' }).getByRole('listitem').filter({ hasText: title }).first();
    await expect(item).toContainText('Advertising on every whisper.');
    await expectNoSeriousViolations(mod.page, '/moderation with an open report');
    await item.getByRole('button', { name: 'Hide' }).click();
    const hide = mod.page.getByRole('dialog', { name: 'Hide this whisper?' });
    await hide.getByLabel('Reason').fill('Advertising');
    await expectNoSeriousViolations(mod.page, 'the Hide dialog');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(mod.page.getByText('Content hidden.')).toBeVisible();
    await expect(mod.page.getByRole('list', { name: 'Audit log' })).toContainText('Advertising');

    // Gone for A (after a reload), found by no search; its author still sees it, and why.
    await page.goto('/whispers');
    await page.getByRole('searchbox', { name: 'Search whispers' }).fill(word);
    await expect(page.getByText(title)).toHaveCount(0);
    await page.goto(`/whispers/whisper-detail/${whisperId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toHaveCount(0);
    const own = await pageFor(browser, author.state);
    await own.page.goto(`/whispers/whisper-detail/${whisperId}`);
    await expect(own.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(own.page.getByText('Moderators hid this: Advertising')).toBeVisible();
    await expectNoSeriousViolations(own.page, 'a hidden whisper, to its author');
    await own.context.close();
    await mod.context.close();
  });

  test('a moderator suspends an account: its open tab is sent to /login, and it cannot log in', async ({ page, browser, request }) => {
    const suspect = await traveller(request, { firstName: 'Ivo', lastName: 'Harass' });
    const reporter = await traveller(request);
    const reported = await request.post(api('/api/reports'), {
      headers: reporter.auth,
      data: { itemType: 'user', itemId: suspect.id, reason: 'harassment', details: 'Threatening messages.' },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    // The suspect has the app open.
    const open = await pageFor(browser, suspect.state);
    await open.page.goto('/whispers');
    await expect(open.page.getByRole('heading', { name: 'Whispers', level: 1 })).toBeVisible();

    const mod = await pageFor(browser, await sessionState(request, moderator()));
    await mod.page.goto('/moderation');
    const item = mod.page.getByRole('list', { name: 'Reported items' }).getByRole('listitem').filter({ hasText: 'Threatening messages.' }).first();
    await item.getByRole('button', { name: /^Suspend/ }).click();
    const suspend = mod.page.getByRole('dialog', { name: `Suspend @${suspect.user.username}?` });
    await suspend.getByLabel('Reason').fill('Harassment of members');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(mod.page.getByText('Account suspended.')).toBeVisible();
    await expect(mod.page.getByRole('list', { name: 'Suspended accounts' })).toContainText(`@${suspect.user.username}`);
    await expectNoSeriousViolations(mod.page, '/moderation with a suspension and the audit log');

    // Without a reload, the suspect's tab lands on the login page; logging in is refused.
    await expect(open.page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await open.page.getByLabel('Username').fill(suspect.user.username);
    await open.page.getByLabel('Password').fill(suspect.user.password);
    await open.page.getByRole('button', { name: 'Login' }).click();
    await expect(open.page.getByText('Your account has been deactivated. Please contact support.')).toBeVisible();
    // Their profile is gone for others.
    await page.goto(`/whispers/profile/${suspect.id}`);
    await expect(page.getByRole('heading', { name: 'Ivo Harass', level: 1 })).toHaveCount(0);
    await open.context.close();
    await mod.context.close();
  });
});
