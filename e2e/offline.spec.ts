import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { serviceWorkerControls, uniqueUser, type TestUser } from './helpers';
import { api, expect, registerViaApi, sessionState, storedToken, storedUserId, test } from './session';

// What a member has seen stays readable with no connection (kept by the SPA in IndexedDB), and a
// message sent with none waits ("Waiting to send"), across a reload, and is delivered once when the
// connection returns. The journeys that reload with the browser offline need the service worker (the
// app shell from its precache); the others take the API away instead ("online" but every /api
// request failing, as on a captive hostel Wi-Fi), which reloads the page from the server and shows
// the same stored answers and queue.

const offlineBanner = (page: Page) => page.getByText(/offline/i).first();

/** Another traveller, a message from them to the account, and a need on the board. */
async function aConversationAndANeed(request: APIRequestContext, account: TestUser) {
  const other = { ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' };
  await registerViaApi(request, other);
  const otherState = await sessionState(request, other);
  const accountState = await sessionState(request, account);
  const accountId = storedUserId(accountState);
  const greeting = `Ferry to Divar at nine? ${other.username}`;
  const sent = await request.post(api(`/api/messages/${accountId}`), { data: { content: greeting }, headers: { Authorization: `Bearer ${storedToken(otherState)}` } });
  expect(sent.status(), await sent.text()).toBe(201);
  const needName = `Offline map of Divar ${other.username}`;
  const need = await request.post(api(`/api/create-need/${accountId}`), {
    headers: { Authorization: `Bearer ${storedToken(accountState)}` },
    multipart: {
      type: 'need', category: 'Maps', serviceName: needName, description: 'Someone with the island on their phone, please.',
      phone: '+919812300033', email: `maps.${other.username}@example.com`,
      address: 'Rua de Ourem', city: 'Panaji', state: 'Goa', postalCode: '403001', latitude: '15.4909', longitude: '73.8278',
    },
  });
  expect(need.status(), await need.text()).toBe(201);
  return { otherId: storedUserId(otherState), otherState, greeting, needName, accountId };
}

/**
 * The conversation and the needs list, read online: from here on, both are kept. The page keeps
 * them a few seconds after its load (once its first screen is drawn): each stays open until then.
 */
async function seeBoth(page: Page, seen: Awaited<ReturnType<typeof aConversationAndANeed>>) {
  await page.goto(`/messages/${seen.otherId}`);
  await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
  await expect(page.getByRole('log')).toContainText(seen.greeting);
  await expect.poll(() => keptEndpoints(page), { timeout: 15_000 }).toContain('getConversation');
  await page.goto('/needs');
  await expect(page.getByRole('heading', { name: "Traveler's Needs", level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: seen.needName })).toBeVisible();
  await expect.poll(() => keptEndpoints(page), { timeout: 15_000 }).toContain('getNeeds');
}

/** Every /api request fails as with no connection; the page itself still loads. */
const takeApiAway = (context: BrowserContext) => context.route('**/api/**', (route) => route.abort('internetdisconnected'));
const giveApiBack = (context: BrowserContext) => context.unroute('**/api/**');

/** The messages between the two as the server holds them, read by `token`'s member. */
async function conversationOnServer(request: APIRequestContext, token: string, withId: string) {
  const answer = await request.get(api(`/api/messages/${withId}`), { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { messages: { content: string }[] }).messages.map((message) => message.content);
}

/** The page's IndexedDB (the database the app keeps: need-spot-offline): what one of its stores holds. */
const inDatabase = <T>(page: Page, store: 'answers' | 'queue') => page.evaluate((name) => new Promise<T[]>((resolve, reject) => {
  const opening = indexedDB.open('need-spot-offline');
  // No database yet: nothing in it; the open is undone, so the app still creates it with its stores.
  let absent = false;
  opening.onupgradeneeded = () => {
    absent = true;
    opening.transaction?.abort();
  };
  opening.onerror = (event) => {
    event.preventDefault();
    if (absent) resolve([]);
    else reject(opening.error);
  };
  opening.onsuccess = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains(name)) {
      db.close();
      resolve([]);
      return;
    }
    const reading = db.transaction(name).objectStore(name).getAll();
    reading.onsuccess = () => {
      db.close();
      resolve(reading.result as T[]);
    };
    reading.onerror = () => reject(reading.error);
  };
}), store);

/** How many actions wait in the page's queue. */
const waitingInDatabase = async (page: Page) => (await inDatabase(page, 'queue')).length;

/** Which queries' answers the page has kept (it keeps them once its first screen is drawn). */
const keptEndpoints = async (page: Page) => (await inDatabase<{ endpoint: string }>(page, 'answers')).map((answer) => answer.endpoint);

test.describe('offline', () => {
  test.use({ signedIn: true });

  test('with no connection, a reload shows the conversation and the needs list seen before, with the offline banner', async ({ page, context, request, account }) => {
    const seen = await aConversationAndANeed(request, account);
    await seeBoth(page, seen);
    await serviceWorkerControls(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: "Traveler's Needs", level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: seen.needName })).toBeVisible();
    await expect(offlineBanner(page)).toBeVisible();
    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    await expect(offlineBanner(page)).toBeVisible();
  });

  test('with every API request failing, a reload still shows the conversation and the needs list seen before', async ({ page, context, request, account }) => {
    const seen = await aConversationAndANeed(request, account);
    await seeBoth(page, seen);

    await takeApiAway(context);
    await page.reload();
    await expect(page.getByRole('heading', { name: "Traveler's Needs", level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: seen.needName })).toBeVisible();
    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    // A page never opened is not invented: it says it could not load.
    await page.goto(`/needs/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('link', { name: seen.needName })).toHaveCount(0);
  });

  test('a message sent offline waits to send, across a reload, and is delivered once when the connection returns', async ({ page, context, request, account, browser }) => {
    const seen = await aConversationAndANeed(request, account);
    // The other traveller has the conversation open: what comes live is counted there.
    const otherContext = await browser.newContext({ storageState: seen.otherState });
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`/messages/${seen.accountId}`);
    await expect(otherPage.getByRole('log')).toContainText(seen.greeting);

    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    const text = `Typed on the bus ${account.username}`;
    const mine = page.getByRole('log').getByRole('listitem').filter({ hasText: text });
    await serviceWorkerControls(page);

    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Waiting to send');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    await page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Waiting to send');

    await context.setOffline(false);
    await expect(mine).not.toContainText('Waiting to send');
    await expect(mine).toHaveCount(1);
    await expect(otherPage.getByRole('log').getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    expect((await conversationOnServer(request, storedToken(seen.otherState), seen.accountId)).filter((content) => content === text)).toHaveLength(1);
    await otherContext.close();
  });

  test('a message sent offline waits to send, also when the connection returns with requests still failing and across a reload, and goes once at the next start', async ({ page, context, request, account, browser }) => {
    const seen = await aConversationAndANeed(request, account);
    const otherContext = await browser.newContext({ storageState: seen.otherState });
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`/messages/${seen.accountId}`);
    await expect(otherPage.getByRole('log')).toContainText(seen.greeting);

    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    await expect.poll(() => keptEndpoints(page), { timeout: 15_000 }).toContain('getConversation');
    const text = `Typed on the ferry ${account.username}`;
    const mine = page.getByRole('log').getByRole('listitem').filter({ hasText: text });

    // Offline: not even tried.
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(mine).toContainText('Waiting to send');
    // The browser is back online, but the requests still get no answer: it keeps waiting.
    await takeApiAway(context);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    await expect(mine).toContainText('Waiting to send');

    // A reload with the API still away: the conversation kept, the message still waiting.
    await page.reload();
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Waiting to send');
    expect(await conversationOnServer(request, storedToken(seen.otherState), seen.accountId)).not.toContain(text);

    // The connection works again: at the next start the queue goes, once.
    await giveApiBack(context);
    await page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine).not.toContainText('Waiting to send');
    await expect(otherPage.getByRole('log').getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    expect((await conversationOnServer(request, storedToken(seen.otherState), seen.accountId)).filter((content) => content === text)).toHaveLength(1);
    // A second start sends nothing more.
    await page.reload();
    await expect(page.getByRole('log')).toContainText(text);
    expect((await conversationOnServer(request, storedToken(seen.otherState), seen.accountId)).filter((content) => content === text)).toHaveLength(1);
    await otherContext.close();
  });

  test('a message the server stored but whose answer was lost waits, and its retry finds it there: never sent twice', async ({ page, context, request, account }) => {
    const seen = await aConversationAndANeed(request, account);
    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    const text = `Sent as the bus left the stop ${account.username}`;
    const onServer = async () => (await conversationOnServer(request, storedToken(seen.otherState), seen.accountId)).filter((content) => content === text);

    // The send reaches the server, which stores the message; its answer never comes back.
    await context.route('**/api/messages/*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByText('Waiting to send')).toBeVisible();
    expect(await onServer()).toHaveLength(1);

    // The connection is whole again: at the next start the queue goes, reads the conversation first,
    // finds the message there, and sends nothing. Its run is over when the action has left IndexedDB.
    await context.unroute('**/api/messages/*');
    await page.reload();
    await expect.poll(() => waitingInDatabase(page), { timeout: 15_000 }).toBe(0);
    const mine = page.getByRole('log').getByRole('listitem').filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(page.getByText('Waiting to send')).toHaveCount(0);
    expect(await onServer()).toHaveLength(1);
    await page.reload();
    await expect(mine).toHaveCount(1);
    expect(await onServer()).toHaveLength(1);
  });

  test('logging out empties what was kept, answers and waiting actions', async ({ page, context, request, account }) => {
    const seen = await aConversationAndANeed(request, account);
    await seeBoth(page, seen);
    await page.goto(`/messages/${seen.otherId}`);
    await expect(page.getByRole('log')).toContainText(seen.greeting);
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Message' }).fill('Never sent');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByText('Waiting to send')).toBeVisible();
    await takeApiAway(context); // back online, the message keeps waiting
    await context.setOffline(false);
    /** What the SPA's offline database holds. */
    const kept = () => page.evaluate(() => new Promise<string>((resolve) => {
      const opening = indexedDB.open('need-spot-offline');
      opening.onsuccess = () => {
        const tx = opening.result.transaction(['answers', 'queue']);
        const answers = tx.objectStore('answers').count();
        const queue = tx.objectStore('queue').count();
        tx.oncomplete = () => resolve(`${answers.result > 0 ? 'some' : 'no'} answers, ${queue.result} waiting`);
      };
      opening.onerror = () => resolve('no database');
    }));
    await expect.poll(kept).toBe('some answers, 1 waiting');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(kept).toBe('no answers, 0 waiting');
  });
});
