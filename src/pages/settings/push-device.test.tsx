import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notificationPreferences, notificationsAnswers } from '@mocks/fixtures/notifications';
import { pushAnswers, pushPublicKey } from '@mocks/fixtures/push';
import { demoUser } from '@mocks/fixtures/users';
import { server } from '@mocks/server';
import { renderWithProviders, storeLogin } from '@test-utils/render';
import { keyBytes } from './lib/push-device';

const DEVICE = 'Push notifications on this device';
const endpoint = 'https://push.example.com/send/this-phone';
const subscriptionJson = { endpoint, expirationTime: null, keys: { p256dh: 'BNcR', auth: 'tBHI' } };

/** A browser with notifications, a service worker and push, as the test says: the page uses the real globals. */
function fakeBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission, subscribed = false, registered = true } = {}) {
  let current = subscribed ? { endpoint, toJSON: () => subscriptionJson, unsubscribe: jest.fn(async () => true) } : null;
  const requestPermission = jest.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  const subscribe = jest.fn(async () => {
    current = { endpoint, toJSON: () => subscriptionJson, unsubscribe: jest.fn(async () => true) };
    return current;
  });
  const registration = { pushManager: { getSubscription: jest.fn(async () => current), subscribe } };
  Object.assign(globalThis, { Notification: notification, PushManager: class {} });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: jest.fn(async () => (registered ? registration : undefined)) } });
  return { requestPermission, subscribe, current: () => current };
}

/** The server's push routes, keeping what they were sent. */
function pushServer() {
  const posted: unknown[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.post(pushAnswers.subscribePush.path, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(pushAnswers.subscribePush.ok);
    }),
    http.delete(pushAnswers.unsubscribePush.path, async ({ request }) => {
      deleted.push(await request.json());
      return HttpResponse.json(pushAnswers.unsubscribePush.ok);
    }),
  );
  return { posted, deleted };
}

async function openPage() {
  storeLogin();
  const view = renderWithProviders('/settings/notifications');
  await screen.findByRole('group', { name: 'New messages' });
  return view;
}
const deviceSwitch = () => screen.getByRole('switch', { name: DEVICE });

afterEach(() => {
  localStorage.removeItem('pushDeviceOwner');
  delete (globalThis as { Notification?: unknown }).Notification;
  delete (globalThis as { PushManager?: unknown }).PushManager;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('Settings → Notifications: push', () => {
  it('each kind has a "Push" switch that saves at once with the others', async () => {
    const sent: unknown[] = [];
    server.use(http.put(notificationsAnswers.updateNotificationPreferences.path, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ success: true, data: notificationPreferences });
    }));
    const { user } = await openPage();
    const likes = within(screen.getByRole('group', { name: 'Likes on your whispers' })).getByRole('switch', { name: 'Push' });
    expect(likes).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'New messages' })).getByRole('switch', { name: 'Push' })).toBeChecked();
    await user.click(likes);
    expect(likes).toBeChecked();
    await waitFor(() => expect(sent).toEqual([[{ kind: 'like', inApp: true, email: false, push: true }]]));
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
  });

  it('a browser without push says so, with the device switch off and disabled', async () => {
    await openPage();
    await waitFor(() => expect(deviceSwitch()).toHaveAccessibleDescription(/This browser cannot show push notifications/));
    expect(deviceSwitch()).toBeDisabled();
    expect(deviceSwitch()).not.toBeChecked();
  });

  it('without a service worker (development, mocks) it says so', async () => {
    fakeBrowser({ registered: false });
    await openPage();
    await waitFor(() => expect(deviceSwitch()).toHaveAccessibleDescription(/service worker, which is not running here/));
    expect(deviceSwitch()).toBeDisabled();
  });

  it('asks the browser\'s permission only when turned on; then subscribes with the server\'s key and sends the subscription', async () => {
    const browser = fakeBrowser();
    const { posted } = pushServer();
    const { user } = await openPage();
    await waitFor(() => expect(deviceSwitch()).toBeEnabled());
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(deviceSwitch()).not.toBeChecked();
    await user.click(deviceSwitch());
    await waitFor(() => expect(deviceSwitch()).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(pushPublicKey) });
    expect(posted).toEqual([subscriptionJson]);
    expect(await screen.findByText('Push notifications are on for this device.')).toBeInTheDocument();
  });

  it('permission refused at the prompt: stays off, says notifications are blocked, sends nothing', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const { posted } = pushServer();
    const { user } = await openPage();
    await waitFor(() => expect(deviceSwitch()).toBeEnabled());
    await user.click(deviceSwitch());
    await waitFor(() => expect(deviceSwitch()).toHaveAccessibleDescription(/Notifications are blocked for Need Spot/));
    expect(deviceSwitch()).not.toBeChecked();
    expect(deviceSwitch()).toBeDisabled();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('a device already on is kept for this session when the page opens; off unsubscribes in the browser and tells the server', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem('pushDeviceOwner', demoUser._id);
    const { posted, deleted } = pushServer();
    const { user } = await openPage();
    await waitFor(() => expect(deviceSwitch()).toBeChecked());
    await waitFor(() => expect(posted).toEqual([subscriptionJson]));
    const subscription = browser.current()!;
    await user.click(deviceSwitch());
    await waitFor(() => expect(deleted).toEqual([{ endpoint }]));
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(deviceSwitch()).not.toBeChecked();
    expect(await screen.findByText('Push notifications are off for this device.')).toBeInTheDocument();
  });

  it('a subscription another member made in this browser shows as off and is not taken over until turned on', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    localStorage.setItem('pushDeviceOwner', 'someone-else');
    const { posted } = pushServer();
    const { user } = await openPage();
    await waitFor(() => expect(deviceSwitch()).toBeEnabled());
    expect(deviceSwitch()).not.toBeChecked();
    expect(posted).toEqual([]);
    await user.click(deviceSwitch());
    await waitFor(() => expect(deviceSwitch()).toBeChecked());
    expect(posted).toEqual([subscriptionJson]);
    expect(localStorage.getItem('pushDeviceOwner')).toBe(demoUser._id);
  });

  it('keyBytes reads the base64url key into its 65 bytes', () => {
    const bytes = keyBytes(pushPublicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
