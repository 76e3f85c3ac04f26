import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeRoute } from './operation.js';
import { openapiTags } from './tags.js';

/**
 * The OpenAPI 3.1 document, generated from the routes' own TypeBox schemas: registered before any
 * route, so @fastify/swagger sees every one (its onRoute hook), read with `app.swagger()`.
 * Served by ./routes.ts at /api/openapi.json and /api/docs.
 */
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Need Spot API',
        version: '1',
        description: 'Generated from the route schemas. The rules a schema cannot say (limits, access classes, caching) are in server/README.md. '
          + 'Every operation names its access class in `x-access`: `public`, `signed-in`, `moderator`, `self:{param}` (the path parameter is the caller\'s own id) or `owner:{param}` (the record it names is the caller\'s).',
      },
      // One group per module (tags.ts), set where app.ts registers the module.
      tags: openapiTags(),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token that /api/login and /api/register answer' } },
      },
    },
    transform: describeRoute,
  });
}

export default fp(openapi, { name: 'openapi', fastify: '5.x', dependencies: ['auth'] });
