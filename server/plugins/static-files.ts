import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { uploadKey } from '../lib/uploads/images.js';
import type { S3Storage } from '../lib/uploads/s3-storage.js';
import { NOT_MODIFIED } from '../lib/uploads/storage.js';

const startsWithSegment = (url: string, prefix: string) => url === prefix || url.startsWith(prefix + '/') || url.startsWith(prefix + '?');
const isApiPath = (url: string) => startsWithSegment(url, '/api');

/** The runtime part of the SPA's configuration, so one build serves every deployment. */
export function appConfigJson(app: FastifyInstance): string {
  const { config } = app;
  return JSON.stringify({
    apiUrl: '',
    osrmUrl: config.osrmUrl,
    tileUrl: config.tileUrl,
    satelliteTileUrl: config.satelliteTileUrl,
    tileAttribution: config.tileAttribution,
    satelliteTileAttribution: config.satelliteTileAttribution,
    mapCenter: config.mapCenter,
    transitRouterUrl: config.transitRouterUrl ?? '',
    brandName: 'Need Spot',
    supportEmail: config.supportEmail,
  }).replace(/</g, '\\u003c'); // no "</script>" can ever end the block early
}

// The block the build leaves in index.html (public/index.html), attribute quotes optional (minified).
const configBlock = /(<script\b[^>]*\bid=["']?app-config["']?[^>]*>)[\s\S]*?(<\/script>)/i;

/**
 * index.html with the runtime config in its JSON block (a `type="application/json"` script is data:
 * not run, so the CSP need not allow it, and the page waits for no extra request).
 */
export function withAppConfig(html: string, json: string): string {
  if (configBlock.test(html)) return html.replace(configBlock, (_all, open: string, close: string) => open + json + close);
  return html.replace(/<\/head>/i, `<script type="application/json" id="app-config">${json}</script></head>`);
}

/** What every upload is served with, from either driver. */
const uploadHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=86400',
};

/**
 * Uploads from the S3_URL bucket, proxied at the same paths with the same headers as the local
 * directory's (the bucket stays private; browsers never need its address or a signed URL). Only
 * keys saveImage makes are asked for; anything else is the 404 of a missing file. HEAD comes
 * with GET (Fastify's exposeHeadRoutes); If-None-Match is passed on, so a cached image costs a 304.
 */
function serveFromBucket(app: FastifyInstance, bucket: S3Storage) {
  app.get('/uploads/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const key = uploadKey(`/uploads/${request.params['*']}`);
    if (!key) return reply.callNotFound();
    const object = await bucket.get(key, request.headers['if-none-match']);
    if (!object) return reply.callNotFound();
    void reply.headers(uploadHeaders);
    if (object === NOT_MODIFIED) return reply.status(304).send();
    void reply.type(object.contentType ?? 'image/webp');
    if (object.etag) void reply.header('etag', object.etag);
    if (object.lastModified) void reply.header('last-modified', object.lastModified.toUTCString());
    if (object.contentLength !== undefined) void reply.header('content-length', object.contentLength);
    return reply.send(object.body);
  });
}

interface Shell {
  mtimeMs: number;
  identity: Buffer;
  /** Only above 1 KB, like the build's copies. */
  br?: Buffer;
  gzip?: Buffer;
}

/** The build's files a browser never runs as a page: scripts (bar the service worker), styles, raster images, fonts, the manifest. */
const NEVER_A_PAGE = /\.(js|css|png|jpe?g|webp|avif|gif|ico|woff2?|webmanifest)(\.br|\.gz)?$/;

/**
 * The service worker (or its .br/.gz copy, which @fastify/static sends in its place): checked with
 * the server on every update check (no-cache), so a new build reaches open tabs as soon as the
 * browser looks (browsers cap a worker's HTTP caching at a day, but an hour's would delay it too).
 * Its scope is the site's root, where it lies: no Service-Worker-Allowed header is needed.
 */
const isServiceWorker = (filePath: string) => /^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath));

/**
 * The built SPA (index.html with the runtime config, assets with their .br/.gz copies), public/ and
 * user uploads: all public. An encapsulated plugin (not
 * fastify-plugin), so its onRoute hook declares the access class of exactly the routes it registers,
 * including @fastify/static's own.
 */
export default async function staticFiles(app: FastifyInstance) {
  const { staticDir, publicDir, uploadsDir } = app.config;
  const indexFile = path.join(staticDir, 'index.html');
  if (app.uploads.driver === 'local') await mkdir(uploadsDir, { recursive: true });
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, access: 'public' };
  });

  // The built SPA first, then public/ (favicon, manifest, /images/stock/...) for what the build
  // lacks. public/index.html is only webpack's template, so it is never served.
  const roots = [...new Set([staticDir, publicDir])];
  await app.register(fastifyStatic, {
    root: roots,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The build's .br and .gz copies, by Accept-Encoding (with Vary); the plain file for other clients.
    preCompressed: true,
    // Source maps stay on the server's disk, for reading stack traces; never sent to browsers.
    // index.html only as the shell below, with its config filled in.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(staticDir, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : filePath.endsWith('.html') || isServiceWorker(filePath) ? 'no-cache' : 'public, max-age=3600');
      // A browser reads a Content-Security-Policy only from a page's answer or a worker's script.
      // The build's files of kinds that are never either go without it: 0.6 KB less on each,
      // about 6 KB of a first visit on HTTP/1.1. The service worker, the shell, SVG (a page when
      // opened), uploads, API answers and the server's own errors keep it (plugins/security.ts).
      if (!isServiceWorker(filePath) && NEVER_A_PAGE.test(filePath)) reply.raw.removeHeader('content-security-policy');
    },
  });

  // User uploads: never listed, never guessed as another type, never run as a page.
  if (app.uploads.driver === 's3') serveFromBucket(app, app.uploads);
  else await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => void reply.headers(uploadHeaders),
  });

  // The SPA shell for client-side routes (/needs/123, ...): index.html with the runtime config,
  // compressed once per build (it changes only when dist/ is rebuilt); 503 with a hint until built.
  let shell: Shell | undefined;
  const json = appConfigJson(app);
  async function loadShell(): Promise<Shell | undefined> {
    const stats = await stat(indexFile).catch(() => undefined);
    if (!stats) return undefined;
    if (shell?.mtimeMs !== stats.mtimeMs) {
      const identity = Buffer.from(withAppConfig(await readFile(indexFile, 'utf8'), json));
      const large = identity.length > 1024;
      shell = {
        mtimeMs: stats.mtimeMs,
        identity,
        br: large ? brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
        gzip: large ? gzipSync(identity, { level: 9 }) : undefined,
      };
    }
    return shell;
  }
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await loadShell();
    if (!page) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run npm run build');
    }
    const encoding = page.br && page.gzip ? negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) : null;
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(page[encoding]);
    return reply.send(page.identity);
  };

  app.get('/', { config: { access: 'public' } }, sendShell);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD')
      && !isApiPath(url) && !startsWithSegment(url, '/uploads') && !startsWithSegment(url, '/socket.io')
      && (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? sendShell(request, reply) : reply.status(404).send({ message: 'Not found' });
  });
}
