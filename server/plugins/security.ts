import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/http-error.js';
import { sharedRateLimitStore } from '../lib/shared-limits.js';

const originOf = (url: string) => new URL(url.replace(/\{[a-z]\}/gi, '0')).origin;

/**
 * Content-Security-Policy and the other helmet headers, for every answer. helmet itself rather than
 * @fastify/helmet, which builds helmet's middleware (parsing every directive) again on each request:
 * here it is built once.
 */
async function security(app: FastifyInstance) {
  const { config } = app;
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Map tiles come from TILE_URL and SATELLITE_TILE_URL; uploads and stock images are ours; data:/blob: for previews.
        'img-src': [...new Set(["'self'", 'data:', 'blob:', originOf(config.tileUrl), originOf(config.satelliteTileUrl)])],
        // The browser fetches routes from OSRM (and the transit router when one is set); socket.io
        // goes to this site, which 'self' covers for ws: and wss: too. The service worker fetches the
        // map tiles it keeps (src/app/service-worker), and a worker's fetch is checked against
        // connect-src, not img-src (this policy comes with /sw.js too). No other host.
        'connect-src': [...new Set([
          "'self'", originOf(config.osrmUrl), ...(config.transitRouterUrl ? [originOf(config.transitRouterUrl)] : []),
          originOf(config.tileUrl), originOf(config.satelliteTileUrl),
        ])],
        // The service worker (/sw.js) and the web app manifest are this site's own files.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // helmet's default would send plain-http development and e2e to https.
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

/**
 * The per-address limit on every API route: registered inside the /api scope, so what is limited is
 * decided by the matched route (an escaped path such as /%61pi/login is the same route), never by
 * the URL text. Routes with their own `config.rateLimit` (login, geocoding) count on their own.
 * With REDIS_URL every one of these limits is counted in Redis, for all instances together
 * (lib/shared-limits.ts); without it, in this instance's memory.
 */
export async function apiRateLimit(api: FastifyInstance) {
  const { sharedCounter } = api;
  await api.register(rateLimit, {
    global: true,
    ...(sharedCounter && { store: sharedRateLimitStore(sharedCounter) }),
    max: api.config.limits.apiPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => tooManyRequests('Too many requests. Please try again later.'),
  });
}

/**
 * What caches between the API and a member (a proxy, the browser's HTTP cache) may keep: an answer
 * that may carry a token or private fields (any answer to a signed-in request, and any answer to a
 * POST, PUT, PATCH or DELETE: login, registration, password recovery) is `Cache-Control: no-store`;
 * every answer varies by Authorization, since a list or a record shows more to a signed-in member.
 */
export async function apiCacheHeaders(api: FastifyInstance) {
  // A callback hook, not an async one: no promise per answer on the hottest path.
  api.addHook('onSend', (request, reply, payload, done) => {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
    const shared = (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined;
    if (!shared && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

export default fp(security, { name: 'security', fastify: '5.x' });
