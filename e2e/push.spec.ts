import { expect, test, type APIRequestContext, type Browser, type Worker } from '@playwright/test';
import { startPushStub, type PushStub } from '../server/test/push-stub';
import { uniqueUser, type TestUser } from './helpers';
import { ownServer, type Member } from './own-server';

// Push, end to end. Chromium cannot reach a real push service here, so member A's device is a
// subscription made by the test (a P-256 key pair and an auth secret) whose endpoint is a push
// service stub on loopback (server/test/push-stub.ts), registered through the API with A's token.
// With no Need Spot tab of A's open, B sends A a message: the stub receives exactly one push,
// checks its VAPID signature and decrypts it (title, link to the conversation). Then that payload
// is handed to the app's real service worker as a PushEvent, and the notification it shows is
// clicked (a notificationclick event): the conversation opens. The server is this file's own (the
// built bundle and dist/: `npm run build` first), with PUSH_ALLOW_LOOPBACK_HTTP for the stub.

test.describe.configure({ mode: 'serial' });

const own = ownServer('push', { PUSH_ALLOW_LOOPBACK_HTTP: 'true' });
let origin: string;
let api: APIRequestContext;
let stub: PushStub;
const signUp = (user: TestUser) => own.signUp(user);

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  stub = await startPushStub();
  await own.start(playwright);
  ({ origin, api } = own);
});

test.afterAll(async () => {
  await own.stop();
  await stub?.close();
});

/** A browser context signed in as the SPA stores a login. */
// Notifications allowed from the context's creation: granted later (grantPermissions), Chromium's
// service worker still found no permission for the origin and refused showNotification.
const contextFor = (browser: Browser, member: Member) => browser.newContext({
  // This spec's own server (PUSH_ALLOW_LOOPBACK_HTTP), not the suite's shared one.
  baseURL: origin,
  permissions: ['notifications'],
  storageState: {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'userData', value: JSON.stringify({ ...member.user, token: member.token }) }, { name: 'token', value: member.token }] }],
  },
});

test('a member with no tab open gets one push for a message (VAPID-signed, encrypted); its click opens the conversation', async ({ browser }) => {
  const asha = await signUp({ ...uniqueUser(), firstName: 'Asha', lastName: 'Rao' });
  const bela = await signUp({ ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' });

  // A's device: push on through the API, as the Settings switch does with the browser's subscription.
  const device = stub.subscribe();
  const subscribed = await api.post('/api/push/subscriptions', {
    data: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
    headers: { Authorization: `Bearer ${asha.token}` },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const { publicKey } = (await (await api.get('/api/push/key')).json()).data as { publicKey: string };

  const sent = await api.post(`/api/messages/${asha.user._id}`, {
    data: { content: 'Hi Asha! Are you still in Goa?' },
    headers: { Authorization: `Bearer ${bela.token}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // One push, valid: signed for the stub's origin with the server's key, and decrypting to the notification.
  const [push] = await stub.waitFor(1, 20_000);
  expect(push.problem).toBeUndefined();
  expect(push.status).toBe(201);
  expect(push.vapid).toMatchObject({ aud: stub.origin, k: publicKey });
  const link = `/messages/${bela.user._id}`;
  expect(push.payload).toEqual({ title: 'New message', body: `@${bela.user.username as string} sent you a message.`, link, tag: `message:${link}` });
  // Still one a few polls of the jobs loop later.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(stub.received).toHaveLength(1);

  // The app's service worker shows it and opens it. A tab is needed only to install the worker.
  const context = await contextFor(browser, asha);
  const page = await context.newPage();
  const installed = context.serviceWorkers()[0] ? Promise.resolve(context.serviceWorkers()[0]) : context.waitForEvent('serviceworker');
  await page.goto('/');
  const worker: Worker = await installed;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The click navigates a window the worker controls: a page opened before it was active is reloaded under it.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const shown = await worker.evaluate(async (payload) => {
    const sw = self as unknown as {
      registration: { getNotifications(): Promise<Array<{ title: string; body: string; tag: string; data: unknown }>> };
      dispatchEvent(event: Event): boolean;
    };
    const PushEventClass = (self as unknown as { PushEvent: new (type: string, init: { data: string }) => Event }).PushEvent;
    sw.dispatchEvent(new PushEventClass('push', { data: JSON.stringify(payload) }));
    for (let i = 0; i < 50; i++) {
      const notes = await sw.registration.getNotifications();
      if (notes.length > 0) return notes.map(({ title, body, tag, data }) => ({ title, body, tag, data }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  }, push.payload);
  expect(shown).toEqual([{ title: 'New message', body: `@${bela.user.username as string} sent you a message.`, tag: `message:${link}`, data: { link } }]);

  // Its click: the open Need Spot window goes to the conversation.
  await worker.evaluate(async () => {
    const sw = self as unknown as { registration: { getNotifications(): Promise<Notification[]> }; dispatchEvent(event: Event): boolean };
    const [notification] = await sw.registration.getNotifications();
    const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    sw.dispatchEvent(new NotificationEventClass('notificationclick', { notification }));
  });
  await expect.poll(() => context.pages().some((candidate) => candidate.url() === `${origin}${link}`), { timeout: 15_000 }).toBe(true);
  const opened = context.pages().find((candidate) => candidate.url() === `${origin}${link}`)!;
  await expect(opened.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
  await expect(opened.getByRole('log').getByRole('listitem').filter({ hasText: 'Are you still in Goa?' })).toHaveCount(1);
  await opened.screenshot({ path: test.info().outputPath('conversation-from-push.png') });
  expect(stub.received).toHaveLength(1);
  await context.close();
});
