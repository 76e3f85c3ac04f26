import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggable } from '../lib/log-redaction.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work the answer must not wait for (or whose duration must not show in the answer time,
     * like mailing a reset code only when the account exists). Failures are logged; close waits for it.
     */
    runInBackground(what: string, task: () => Promise<unknown>): void;
    /** Resolves once no background work is pending (tests). */
    backgroundIdle(): Promise<void>;
  }
}

async function background(app: FastifyInstance) {
  const pending = new Set<Promise<unknown>>();
  app.decorate('runInBackground', (what: string, task: () => Promise<unknown>) => {
    const run: Promise<unknown> = Promise.resolve()
      .then(task)
      // The database being down is one warning for the outage (errors.ts), not a stack per task.
      .catch((error: unknown) => {
        if (!app.noteDatabaseOutage(error, what)) app.log.error({ err: loggable(error) }, `${what} failed`);
      })
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.decorate('backgroundIdle', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });
  app.addHook('onClose', async () => app.backgroundIdle());
}

export default fp(background, { name: 'background', fastify: '5.x', dependencies: ['errors'] });
