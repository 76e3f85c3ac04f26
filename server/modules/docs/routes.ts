import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The page's own Content-Security-Policy, in place of the app's (plugins/security.ts) on /api/docs
 * only: Swagger UI's scripts and styles are served from here (its own inline style attributes
 * need 'unsafe-inline', as the SPA's do), its icons are data: URLs, and it fetches the document
 * and "Try it out" calls from this site. No map tiles, no router, no other host.
 */
export const DOCS_CSP = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
};

/** GET /api/openapi.json and the reference page under /api/docs: public, hidden from the document itself. */
export default async function docsRoutes(app: FastifyInstance) {
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    // Swagger UI's own routes (the page, its assets, its copy of the document) cannot be given a
    // config: they are all public, like the SPA's files.
    docs.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      // The page's links to its assets are absolute: the /api scope's prefix is not known to the plugin.
      indexPrefix: '/api',
      staticCSP: DOCS_CSP,
      uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
      theme: { title: 'Need Spot API reference' },
    });
  });
}
