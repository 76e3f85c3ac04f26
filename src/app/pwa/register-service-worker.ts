import { Workbox } from 'workbox-window';
import { offerUpdate } from './update-offer';

/** How often a tab left open asks the server whether /sw.js changed (a navigation asks as well). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (src/app/service-worker, production builds only) and offers a new version when
 * one is waiting. The waiting version never takes over by itself under an open page: old chunks
 * and new would mix. The member's Reload tells it to (SKIP_WAITING); when it controls, this page
 * reloads, and so does every other open tab of the app (`reloadWhenReplaced`, listening from the
 * app's start).
 */
export function registerServiceWorker() {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => offerUpdate(() => wb.messageSkipWaiting()));
  void wb.register().then((registration) => {
    if (!registration) return;
    window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    // A tab brought back after hours (a phone's) looks at once instead of waiting for the hour.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
    });
  });
}
