import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { withAppConfig } from './static-files.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
let dir: string;
const html = { accept: 'text/html,application/xhtml+xml' };
// Above 1 KB, as the build's output is: the build writes .br and .gz copies of such files.
const script = `console.log(${JSON.stringify('a traveller '.repeat(200))});`;
const page = `<!doctype html><html><head><title>Need Spot</title><script type=application/json id=app-config>{}</script><!-- ${'padding '.repeat(150)}--></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ns-static-'));
  const dist = path.join(dir, 'dist');
  const pub = path.join(dir, 'public');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(pub, 'images', 'stock'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), page);
  await writeFile(path.join(dist, 'assets', 'main.1234abcd.js'), script);
  await writeFile(path.join(dist, 'assets', 'main.1234abcd.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'main.1234abcd.js.gz'), gzipSync(script));
  await writeFile(path.join(dist, 'assets', 'small.1234abcd.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'main.1234abcd.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  // The service worker as the build writes it (above 1 KB: with its .br and .gz copies).
  await writeFile(path.join(dist, 'sw.js'), script);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'sw.js.gz'), gzipSync(script));
  await writeFile(path.join(pub, 'manifest.webmanifest'), '{"name":"Need Spot"}');
  await writeFile(path.join(pub, 'index.html'), '<!-- template -->');
  await writeFile(path.join(pub, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(pub, 'images', 'stock', 'needs-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({
    config: {
      staticDir: dist,
      publicDir: pub,
      tileUrl: 'https://tiles.example.net/{z}/{x}/{y}.png',
      osrmUrl: 'https://osrm.example.org:5000',
      satelliteTileUrl: 'https://sat.example.net/{z}/{y}/{x}',
      tileAttribution: '&copy; Example maps',
      satelliteTileAttribution: 'Imagery &copy; Example',
      mapCenter: { latitude: 15.4909, longitude: 73.8278 },
      supportEmail: 'help@example.com',
    },
  });
  await writeFile(path.join(t.config.uploadsDir, 'photo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const CONFIG_JSON = '{"apiUrl":"","osrmUrl":"https://osrm.example.org:5000",'
  + '"tileUrl":"https://tiles.example.net/{z}/{x}/{y}.png","satelliteTileUrl":"https://sat.example.net/{z}/{y}/{x}",'
  + '"tileAttribution":"&copy; Example maps","satelliteTileAttribution":"Imagery &copy; Example",'
  + '"mapCenter":{"latitude":15.4909,"longitude":73.8278},"transitRouterUrl":"","brandName":"Need Spot","supportEmail":"help@example.com"}';

describe('the runtime config in the page', () => {
  it('fills the JSON block of index.html from the server config: no request of its own', async () => {
    const response = await t.app.inject({ url: '/', headers: html });
    expect(response.body).toContain(`<script type=application/json id=app-config>${CONFIG_JSON}</script>`);
    expect(response.body).not.toContain('>{}</script>');
    expect((await t.app.inject({ url: '/config.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
  });

  it('keeps the block closed whatever the config holds, and adds one to a page without it', () => {
    const json = JSON.stringify({ brandName: '</script><script>alert(1)</script>' }).replace(/</g, '\\u003c');
    const filled = withAppConfig('<head><script type="application/json" id="app-config">{}</script></head>', json);
    expect(filled).toBe(`<head><script type="application/json" id="app-config">${json}</script></head>`);
    expect(filled.match(/<\/script>/g)).toHaveLength(1);
    expect(withAppConfig('<html><head><title>x</title></head></html>', '{"a":1}'))
      .toBe('<html><head><title>x</title><script type="application/json" id="app-config">{"a":1}</script></head></html>');
  });

  it('serves /index.html only as the filled shell', async () => {
    const response = await t.app.inject({ url: '/index.html', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(CONFIG_JSON);
  });
});

describe('compression', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip;q=0.5, br;q=1', 'br', brotliDecompressSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ])('sends the main chunk pre-compressed for Accept-Encoding %s', async (acceptEncoding, encoding, decode) => {
    const response = await t.app.inject({ url: '/assets/main.1234abcd.js', headers: { 'accept-encoding': acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(decode(response.rawPayload).toString()).toBe(script);
  });

  it.each([undefined, 'identity', 'deflate'])('sends the plain file when the client accepts neither (%s)', async (acceptEncoding) => {
    const response = await t.app.inject({ url: '/assets/main.1234abcd.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('sends the shell compressed by Accept-Encoding, with Vary', async () => {
    const br = await t.app.inject({ url: '/needs', headers: { ...html, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(CONFIG_JSON);
    const gzip = await t.app.inject({ url: '/needs', headers: { ...html, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(CONFIG_JSON);
    const plain = await t.app.inject({ url: '/needs', headers: html });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain(CONFIG_JSON);
  });

  it('leaves small files alone: no copy, never compressed per request', async () => {
    const small = await t.app.inject({ url: '/assets/small.1234abcd.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });
});

describe('security headers', () => {
  it('CSP allows the tile (map and satellite) and OSRM origins, and nothing looser', async () => {
    const csp = (await t.app.inject({ url: '/', headers: html })).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(name + ' '));
    expect(directive('img-src')).toBe("img-src 'self' data: blob: https://tiles.example.net https://sat.example.net");
    // socket.io goes to this site ('self' covers ws: and wss: there); the tiles, which the service
    // worker fetches (checked against connect-src); no other host may be reached.
    expect(directive('connect-src')).toBe("connect-src 'self' https://osrm.example.org:5000 https://tiles.example.net https://sat.example.net");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    // The service worker and the web app manifest: this site's own, nothing else.
    expect(directive('worker-src')).toBe("worker-src 'self'");
    expect(directive('manifest-src')).toBe("manifest-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('where the policy goes', () => {
  const policyOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
    return { status: response.statusCode, csp: response.headers['content-security-policy'], nosniff: response.headers['x-content-type-options'] };
  };

  it.each([
    ['the shell', '/', html],
    ['the shell of a client-side route', '/needs/123', html],
    ['the service worker', '/sw.js', {}],
  ])('%s carries it (a page or a worker is what a browser reads it from)', async (_what, url, headers) => {
    const { status, csp } = await policyOf(url, headers);
    expect(status).toBe(200);
    expect(csp).toContain("default-src 'self'");
  });

  it.each([
    ['a hashed script (its .br copy)', '/assets/main.1234abcd.js'],
    ['a small script', '/assets/small.1234abcd.js'],
    ['the manifest', '/manifest.webmanifest'],
  ])('%s, one of the build\'s own files, goes without it and keeps the other headers', async (_what, url) => {
    const { status, csp, nosniff } = await policyOf(url);
    expect(status).toBe(200);
    expect(csp).toBeUndefined();
    expect(nosniff).toBe('nosniff');
  });

  it.each([
    ['an SVG (a page when opened by itself)', '/images/stock/needs-1.svg', {}, 200],
    ['the favicon, an SVG', '/favicon.svg', {}, 200],
    ['an upload', '/uploads/photo.png', {}, 200],
    ['a missing asset', '/assets/missing.1234abcd.js', {}, 404],
    ['a source map (refused)', '/assets/main.1234abcd.js.map', {}, 404],
  ])('%s keeps it', async (_what, url, headers, status) => {
    const answer = await policyOf(url, headers);
    expect(answer.status).toBe(status);
    expect(answer.csp).toBeDefined();
  });
});

describe('the SPA', () => {
  it.each(['/', '/needs/123', '/settings/change-password?x=1'])('history fallback serves index.html for %s', async (url) => {
    const response = await t.app.inject({ url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps JSON 404s for /api, /uploads and /socket.io and for non-HTML requests', async () => {
    for (const url of ['/api/unknown', '/uploads/nothing.png', '/socket.io/x', '/missing.js']) {
      const response = await t.app.inject({ url, headers: url === '/missing.js' ? { accept: '*/*' } : html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('serves hashed assets with a long cache, and public/ files', async () => {
    const asset = await t.app.inject('/assets/main.1234abcd.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/favicon.svg')).statusCode).toBe(200);
    const stock = await t.app.inject('/images/stock/needs-1.svg');
    expect(stock.statusCode).toBe(200);
    expect(stock.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it.each([['identity'], ['br'], ['gzip']])('serves the service worker at /sw.js, checked with the server each time (%s)', async (encoding) => {
    const sw = await t.app.inject({ url: '/sw.js', headers: { accept: '*/*', 'accept-encoding': encoding } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    // At the root: its scope is the whole site without a Service-Worker-Allowed header.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the web app manifest as application/manifest+json', async () => {
    const manifest = await t.app.inject({ url: '/manifest.webmanifest', headers: { accept: '*/*' } });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'Need Spot' });
  });

  it('never serves source maps', async () => {
    const map = await t.app.inject({ url: '/assets/main.1234abcd.js.map', headers: { accept: '*/*' } });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('answers 503 with a hint while the SPA is not built, and never serves the public/ template', async () => {
    const index = path.join(t.config.staticDir, 'index.html');
    await rename(index, index + '.away');
    try {
      const response = await t.app.inject({ url: '/needs', headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.body).toBe('The web app is not built yet: run npm run build');
      expect((await t.app.inject({ url: '/index.html', headers: html })).body).not.toContain('template');
    } finally {
      await rename(index + '.away', index);
    }
  });
});

describe('/uploads', () => {
  it('serves files with nosniff', async () => {
    const response = await t.app.inject('/uploads/photo.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('lists no directory and escapes nowhere', async () => {
    for (const url of ['/uploads/', '/uploads', '/uploads/../jwt-secret', '/uploads/%2e%2e/jwt-secret']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('photo.png');
    }
  });
});
