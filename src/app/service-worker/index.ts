// The service worker (issue 36), built by Workbox's InjectManifest from the production build
// (webpack.config.js) into /sw.js. What it does:
// - precaches the build's own files with their hashes, the app shell under "/" (the server fills
//   the runtime config into it), so every route and its chunk open with no connection;
// - answers navigations with that shell (app-shell model), except what the server answers itself;
// - keeps the map tiles a member viewed, at most 200, least recently used out;
// - never handles /api or /socket.io (members' data is kept by the SPA in IndexedDB), never caches
//   an answer marked no-store;
// - shows pushed notifications and opens their link when clicked (./push);
// - waits with a new version until the page asks it to take over (the "Reload" of the update
//   prompt, src/app/pwa), so no open page mixes old and new chunks.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPush } from './push';
import { cacheableOnly, isTileRequest, navigationDenylist, tileStrategy } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

setCacheNameDetails({ prefix: 'need-spot' });

// A version that has waited takes over only when the page says so (the update prompt's Reload).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version controls the page that installed it at once (nothing older to mix with), so its
// chunks and the tiles it shows are cached from the first visit on.
clientsClaim();

addPlugins([cacheableOnly]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: navigationDenylist }));
// Only these routes exist: a request to /api or /socket.io matches none (the denylist keeps even a
// navigation to /api away from the shell), so the browser sends it as if no worker were there.
registerRoute(({ url, request }) => isTileRequest(url, request.destination, self.location.origin), tileStrategy());

// Push notifications (README "Push notifications"): show what the server pushed; a click opens its link.
installPush(self);
