// The service worker's cache rules, apart from its event wiring (index.ts) so that unit tests can
// run them: what is never cached, which navigations the app shell answers, and the map tile cache.
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';

/** True when the answer says no cache may keep it (`Cache-Control: no-store`). */
export function isNoStore(response: Response): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
}

/**
 * Put in every cache of this service worker (the precache included): only a complete 200 answer is
 * kept, never one marked `no-store` (every signed-in API answer is, and the API is never routed
 * here anyway), and never an opaque cross-origin one (status 0: its status is unknowable, and
 * Chromium counts each against the quota as about 7 MB).
 */
export const cacheableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !isNoStore(response) ? response : null),
};

/**
 * Navigations the app shell must not answer: what the server itself serves. The API (its docs,
 * e-mail links such as /api/notifications/unsubscribe?… and /api/calendar/….ics), uploads,
 * socket.io, and any file (a path whose last segment has an extension: /sw.js, /manifest.webmanifest,
 * /images/…, /assets/…). The SPA's routes never have a dot in their last segment.
 */
export const navigationDenylist: RegExp[] = [
  /^\/(?:api|uploads|socket\.io)(?:[/?]|$)/,
  /^\/(?:[^?]*\/)?[^/?]+\.[a-z0-9]+(?:\?|$)/i,
];

/** Whether the shell answers this same-origin navigation (path with its query). */
export const shellAnswers = (pathAndQuery: string) => !navigationDenylist.some((rule) => rule.test(pathAndQuery));

/**
 * A map tile: an image from another origin whose path ends in three numbers (z/x/y or z/y/x, with or
 * without an extension), as TILE_URL and SATELLITE_TILE_URL have them (OpenStreetMap, Esri, the e2e
 * stub). The tile servers are set at runtime, so the shape, not a host, says what a tile is.
 */
export function isTileRequest(url: URL, destination: string, origin: string): boolean {
  return destination === 'image' && url.origin !== origin && /\/\d+\/\d+\/\d+(?:@2x)?(?:\.(?:png|jpe?g|webp))?$/i.test(url.pathname);
}

export const TILE_CACHE = 'need-spot-map-tiles';
export const MAX_TILES = 200;

/**
 * The tiles a member has viewed: from the cache when there (offline, the area of a planned trip
 * stays visible), else from the network and kept. At most MAX_TILES, the least recently used out
 * first (workbox-expiration refreshes an entry's time on each use); a month at most, so the map
 * does not stay stale; the first cache emptied if the origin's quota runs out.
 */
export const tileStrategy = () => new CacheFirst({
  cacheName: TILE_CACHE,
  plugins: [
    cacheableOnly,
    new ExpirationPlugin({ maxEntries: MAX_TILES, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});
