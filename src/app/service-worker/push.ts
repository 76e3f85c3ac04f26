/**
 * The service worker's push handlers (README "Push notifications"): a push shows the notification
 * the server sent (`{ title, body, link, tag }`, server/modules/push/deliver.ts), and a click on it
 * opens its link in a Need Spot window: an open one is focused and taken there, else a new one.
 * Only paths of this origin are opened: a payload can never send the member elsewhere.
 *
 * The scope is typed by the little it uses (`PushScope`, which ServiceWorkerGlobalScope satisfies),
 * so this file typechecks both in the service worker's build (lib webworker) and in the app's
 * (lib DOM), and its logic is tested with plain objects (push.test.ts). The entry calls
 * `installPush(self)`.
 */

/** The icon notifications show: the app's own. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Shown when a push carries no usable title (it should never happen). */
export const FALLBACK_TITLE = 'Need Spot';

export interface ShownNotification {
  title: string;
  options: { body: string; tag?: string; data: { link: string }; icon: string; badge?: string };
}

interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface PushEventLike {
  data?: { json(): unknown; text?(): string } | null;
  waitUntil(promise: Promise<unknown>): void;
}

interface NotificationEventLike {
  notification: { data?: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<ReadonlyArray<unknown>>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The absolute URL of a path of this origin; anything else (another origin, a scheme, '//host') is the home page. */
export function sameOriginUrl(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return `${origin}/`;
  const url = new URL(link, origin);
  return url.origin === origin ? url.href : `${origin}/`;
}

/** What to show for a push's data (JSON from the server); a push without readable data still shows something. */
export function notificationFor(data: unknown, origin: string): ShownNotification {
  const payload = isRecord(data) ? data : {};
  const target = new URL(sameOriginUrl(payload.link, origin));
  const tag = text(payload.tag, 200);
  return {
    title: text(payload.title, 120) || FALLBACK_TITLE,
    options: { body: text(payload.body, 500), ...(tag ? { tag } : {}), data: { link: target.pathname + target.search + target.hash }, icon: NOTIFICATION_ICON },
  };
}

function readData(event: PushEventLike): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined;
  }
}

/** `push`: show it. */
export function showPush(sw: PushScope, event: PushEventLike): Promise<void> {
  const { title, options } = notificationFor(readData(event), sw.location.origin);
  return sw.registration.showNotification(title, options);
}

const isWindow = (client: unknown): client is WindowClientLike =>
  isRecord(client) && typeof client.url === 'string' && typeof client.focus === 'function';

/**
 * `notificationclick`: close it; focus a window of this app (the focused one first) and take it to
 * the link; with none (or one that cannot be navigated: not controlled by this worker), open a new one.
 */
export async function openFromNotification(sw: PushScope, event: NotificationEventLike): Promise<void> {
  event.notification.close();
  const { origin } = sw.location;
  const data = event.notification.data;
  const url = sameOriginUrl(isRecord(data) ? data.link : undefined, origin);
  const windows = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    .filter(isWindow)
    .filter((client) => new URL(client.url).origin === origin)
    .sort((a, b) => Number(Boolean(b.focused)) - Number(Boolean(a.focused)));
  for (const client of windows) {
    try {
      if (!client.navigate) continue;
      await client.navigate(url);
    } catch {
      continue; // not controlled by this worker (navigate refuses): try the next, or open one
    }
    // There already; a browser may refuse focus without a click of the member's own.
    await client.focus().catch(() => {});
    return;
  }
  await sw.clients.openWindow(url);
}

/** Wires the handlers into the service worker (its entry: `installPush(self)`). */
export function installPush(sw: PushScope): void {
  sw.addEventListener('push', (event) => event.waitUntil(showPush(sw, event)));
  sw.addEventListener('notificationclick', (event) => event.waitUntil(openFromNotification(sw, event)));
}
