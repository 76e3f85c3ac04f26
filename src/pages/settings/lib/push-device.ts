import type { PushSubscriptionBody } from '@/shared/api';

/**
 * Push on this device, through the browser's APIs (passed in, so tests give their own):
 * - 'unsupported': no Notification, service worker or PushManager in this browser (or not a secure context);
 * - 'no-service-worker': supported, but no service worker controls the app here (development, the mocks);
 * - 'denied': the member blocked notifications for the site in the browser;
 * - 'off' / 'on': whether this browser has a push subscription.
 */
export type PushDeviceState = 'unsupported' | 'no-service-worker' | 'denied' | 'off' | 'on';

export interface PushEnvironment {
  notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistration'>;
  pushSupported: boolean;
}

export function browserPushEnvironment(): PushEnvironment {
  const scope = globalThis as typeof globalThis & { Notification?: typeof Notification; PushManager?: unknown };
  return {
    notification: scope.Notification,
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    pushSupported: scope.PushManager !== undefined,
  };
}

/** The app's service worker registration, if one is registered (`ready` would wait for ever without one). */
async function registrationOf(env: PushEnvironment) {
  return (await env.serviceWorker?.getRegistration()) ?? undefined;
}

/** Where push stands on this device, and the browser's subscription when it is on. */
export async function readPushDevice(env: PushEnvironment): Promise<{ state: PushDeviceState; subscription?: PushSubscriptionBody }> {
  if (!env.notification || !env.serviceWorker || !env.pushSupported) return { state: 'unsupported' };
  const registration = await registrationOf(env);
  if (!registration) return { state: 'no-service-worker' };
  if (env.notification.permission === 'denied') return { state: 'denied' };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || env.notification.permission !== 'granted') return { state: 'off' };
  return { state: 'on', subscription: subscription.toJSON() as PushSubscriptionBody };
}

/** The VAPID key as the bytes `applicationServerKey` takes (base64url → Uint8Array). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Turns push on: asks the browser's permission (only now, when the member asked for it), then
 * subscribes with the server's key. Answers the subscription, or the state it stopped at.
 */
export async function subscribeDevice(env: PushEnvironment, publicKey: string): Promise<{ state: PushDeviceState; subscription?: PushSubscriptionBody }> {
  if (!env.notification || !env.serviceWorker || !env.pushSupported) return { state: 'unsupported' };
  const registration = await registrationOf(env);
  if (!registration) return { state: 'no-service-worker' };
  const permission = env.notification.permission === 'granted' ? 'granted' : await env.notification.requestPermission();
  if (permission === 'denied') return { state: 'denied' };
  if (permission !== 'granted') return { state: 'off' }; // the prompt was closed: nothing changes
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  return { state: 'on', subscription: subscription.toJSON() as PushSubscriptionBody };
}

/** Turns push off in the browser: answers the endpoint it had (for the server to forget), if any. */
export async function unsubscribeDevice(env: PushEnvironment): Promise<string | undefined> {
  const registration = await registrationOf(env);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
