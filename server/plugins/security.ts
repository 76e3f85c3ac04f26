import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/http-error.js';

const originOf = (url: string) => new URL(url.replace(/\{[a-z]\}/gi, '0')).origin;

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

async function security(app: FastifyInstance) {
  const { config } = app;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // Map tiles come from TILE_URL; uploads and stock images are ours; data:/blob: for previews.
        'img-src': ["'self'", 'data:', 'blob:', originOf(config.tileUrl)],
        // OSRM routes are fetched by the browser; ws:/wss: for socket.io.
        'connect-src': ["'self'", 'ws:', 'wss:', originOf(config.osrmUrl)],
        // helmet's default would break plain-http development and e2e (stack-notes P14).
        'upgrade-insecure-requests': null,
      },
    },
  });

  // Generous per-IP limit on the API only (static files are cheap and cacheable). Routes with their
  // own `config.rateLimit` (login) get their own counter instead.
  await app.register(rateLimit, {
    global: true,
    max: config.limits.apiPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: () => tooManyRequests('Too many requests. Please try again later.'),
  });
}

export default fp(security, { name: 'security', fastify: '5.x' });
