import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectSharedCounter, type SharedCounter } from '../lib/shared-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * With REDIS_URL: the per-minute limits' counts in Redis, shared by every instance
     * (lib/shared-limits.ts). Without it, undefined: each instance counts its own.
     */
    sharedCounter: SharedCounter | undefined;
  }
}

/** One Redis connection per instance for the limits, opened when REDIS_URL is set and closed with the app. */
async function sharedLimits(app: FastifyInstance) {
  const counter = app.config.redisUrl ? await connectSharedCounter(app.config.redisUrl, app.log) : undefined;
  app.decorate('sharedCounter', counter);
  // Registered before realtime and the API, so closed after them (Fastify closes in reverse order).
  app.addHook('onClose', async () => {
    await counter?.close();
  });
}

export default fp(sharedLimits, { name: 'shared-limits', fastify: '5.x' });
