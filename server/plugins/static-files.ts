import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

const startsWithSegment = (url: string, prefix: string) => url === prefix || url.startsWith(prefix + '/') || url.startsWith(prefix + '?');
const isApiPath = (url: string) => startsWithSegment(url, '/api');

/** The runtime part of the SPA's configuration, so one build serves every deployment. */
export function appConfigScript(app: FastifyInstance): string {
  const { config } = app;
  const json = JSON.stringify({
    apiUrl: '',
    osrmUrl: config.osrmUrl,
    tileUrl: config.tileUrl,
    brandName: 'Need Spot',
    supportEmail: config.supportEmail,
  }).replace(/</g, '\\u003c'); // no "</script>" can ever end an inline copy of it
  return `window.__APP_CONFIG__ = ${json};\n`;
}

/**
 * The built SPA, public/, user uploads and /config.js: all public. An encapsulated plugin (not
 * fastify-plugin), so its onRoute hook declares the access class of exactly the routes it registers,
 * including @fastify/static's own.
 */
export default async function staticFiles(app: FastifyInstance) {
  const { staticDir, publicDir, uploadsDir } = app.config;
  const indexFile = path.join(staticDir, 'index.html');
  await mkdir(uploadsDir, { recursive: true });
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, access: 'public' };
  });

  app.get('/config.js', { config: { access: 'public' } }, async (_request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return appConfigScript(app);
  });

  // The built SPA first, then public/ (favicon, manifest, /images/stock/...) for what the build
  // lacks. public/index.html is only webpack's template, so it is never served.
  const roots = [...new Set([staticDir, publicDir])];
  await app.register(fastifyStatic, {
    root: roots,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // Source maps stay on the server's disk, for reading stack traces; never sent to browsers.
    allowedPath: (pathName, root) => !(root === publicDir && pathName === '/index.html') && !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(staticDir, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
    },
  });

  // User uploads: never listed, never guessed as another type, never run as a page.
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
      reply.header('cache-control', 'public, max-age=86400');
    },
  });

  // The SPA shell for client-side routes (/needs/123, ...); 503 with a hint until it is built.
  const sendShell = (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run npm run build');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
  };

  app.get('/', { config: { access: 'public' } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD')
      && !isApiPath(url) && !startsWithSegment(url, '/uploads') && !startsWithSegment(url, '/socket.io')
      && (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? sendShell(reply) : reply.status(404).send({ message: 'Not found' });
  });
}
