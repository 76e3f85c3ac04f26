import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { StatusAnswer, errorAnswers } from '../../lib/schemas.js';
import { checkReady } from './service.js';

// For load balancers and orchestrators, polled every few seconds: never rate limited (a probe must
// not be refused for being frequent) and logged only when something is wrong.
const probe = { access: 'public', rateLimit: false } as const;

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const newestMigrationAt = app.newestMigrationAt;

  // Alive: the process answers; touches nothing else, so a slow database never restarts the server.
  app.get('/health', { config: probe, logLevel: 'warn', schema: { response: { 200: StatusAnswer } } }, async () => ({
    status: true,
    message: 'OK',
  }));

  // Ready for traffic: the database answers and has every committed migration.
  app.get('/ready', { config: probe, logLevel: 'warn', schema: { response: { 200: StatusAnswer, ...errorAnswers(503) } } }, async (request) => {
    const problem = await checkReady(app.db, newestMigrationAt);
    if (problem) {
      request.log.warn({ problem }, 'not ready');
      throw failure(503, problem);
    }
    return { status: true, message: 'Ready' };
  });
};

export default healthRoutes;
