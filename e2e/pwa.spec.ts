import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../bench/free-port.mjs';
import { startFlags } from '../bench/start-flags.mjs';

// The installable app against the real server with its service worker (the production build's
// /sw.js) registered and in control: install criteria, the app shell offline, a new version.

const OFFLINE = 'You are offline. What you have already seen stays readable, and what you send goes out when you are back online.';

/** Waits until the page's service worker is active and controls it (the first visit's install). */
async function swControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { state: registration.active?.state, script: registration.active?.scriptURL, scope: registration.scope };
  });
}

test('install criteria: the manifest with its icons, and an active service worker in control', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href!);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await answer.json();
  expect(manifest).toMatchObject({ name: 'Need Spot', short_name: 'Need Spot', id: '/', start_url: '/', scope: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['192x192', 'maskable'], ['512x512', 'maskable']]) {
    const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${purpose} icon ${sizes}`).toBeTruthy();
    const png = await request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // The header's SVG logo first: Chromium checks installability with it (the page fetches it
  // anyway) instead of downloading a PNG on every first visit.
  expect(manifest.icons[0]).toEqual({ src: '/images/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([['Messages', '/messages'], ['Map', '/map'], ['Plan Trip', '/plan-trip']]);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(appleIcon!)).headers()['content-type']).toBe('image/png');

  expect(await swControls(page)).toEqual({ state: 'activated', script: new URL('/sw.js', page.url()).href, scope: new URL('/', page.url()).href });

});

test('Chromium finds the app installable on routes of every kind', async ({ playwright, launchOptions, baseURL }) => {
  // Chromium's own verdict (what its install prompt and Lighthouse's installability audit use). In a
  // profile on disk: Playwright's usual contexts are off the record, where nothing is installable.
  const profile = mkdtempSync(path.join(tmpdir(), 'need-spot-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, viewport: { width: 390, height: 844 } });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const cdp = await context.newCDPSession(page);
    // What the browser itself fetches for its installability check shows here too (type "Other").
    const fetched: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => fetched.push(`${event.type} ${new URL(event.request.url).pathname}`));
    await cdp.send('Network.enable');
    await page.goto('/');
    // A first visit: the check fetched the header's logo (listed first), and no PNG icon.
    await expect.poll(() => fetched).toContain('Other /images/logo.svg');
    expect(fetched.filter((request) => request.includes(' /icons/'))).toEqual([]);
    await swControls(page);
    for (const route of ['/', '/needs', '/login', '/map', '/plan-trip', '/messages']) {
      await page.goto(route);
      await expect(page.locator('#root')).not.toBeEmpty();
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((e) => e.errorId), route).toEqual([]);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a reload opens the app shell on every route with the offline banner', async ({ page, context }) => {
  await page.goto('/needs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await swControls(page);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);

  await context.setOffline(true);
  try {
    for (const route of ['/needs', '/', '/events', '/login', '/map', '/about-us', '/messages']) {
      const response = await page.goto(route);
      // Answered by the service worker, not the browser's error page.
      expect(response?.fromServiceWorker(), route).toBe(true);
      const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
      await expect(banner, route).toHaveText(OFFLINE);
      await expect(page.locator('#root main'), route).toBeVisible();
    }
    // A route's own screen, from its precached chunk: the about page's heading.
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // What the server answers itself is never the shell: the API fails as any request would offline.
    const api = await page.evaluate(() => fetch('/api/ready').then((r) => r.status, () => 'failed'));
    expect(api).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
});

test('the map tiles a member viewed are kept, with CORS, and show again offline', async ({ page, context }) => {
  await page.goto('/map');
  await swControls(page);
  // The first visit's tiles may have loaded before the worker took control: a reload fetches
  // through it.
  await page.reload();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect.poll(() => page.evaluate(async () => {
    const cache = await caches.open('need-spot-map-tiles');
    const kept = await cache.keys();
    const first = kept[0] && await cache.match(kept[0]);
    return { some: kept.length > 0, type: first?.type, status: first?.status, tilesOnly: kept.every((r) => /\/tiles\/\d+\/\d+\/\d+\.png$/.test(r.url)) };
  })).toEqual({ some: true, type: 'cors', status: 200, tilesOnly: true });

  await context.setOffline(true);
  try {
    const tiles: Array<{ fromWorker: boolean; status: number }> = [];
    page.on('response', (response) => {
      if (/\/tiles\/\d+\/\d+\/\d+\.png$/.test(response.url())) tiles.push({ fromWorker: response.fromServiceWorker(), status: response.status() });
    });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    // The same view's tiles, answered by the worker from its tile cache (the network is gone).
    await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.fromWorker && tile.status === 200)).toBe(true);
  } finally {
    await context.setOffline(false);
  }
});

// A server of its own, on a copy of the build: this test deploys a new build into its STATIC_DIR,
// which must not reach the specs running against the shared server.
test.describe('a new version', () => {
  let server: ChildProcess | undefined;
  let work = '';
  let baseUrl = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = mkdtempSync(path.join(tmpdir(), 'need-spot-pwa-e2e-'));
    cpSync(path.join(process.cwd(), 'dist'), path.join(work, 'dist'), { recursive: true });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [...startFlags, 'scripts/start.mjs'], {
      cwd: process.cwd(),
      env: {
        ...process.env, LOG_LEVEL: 'warn', SKIP_BUILD: 'true', PORT: String(port), HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'), STATIC_DIR: path.join(work, 'dist'), NOMINATIM_URL: 'http://127.0.0.1:9',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode})`);
      if (await fetch(`${baseUrl}/api/ready`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error('The server did not get ready');
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * A new build as a deploy leaves it: index.html changed (a marker), and the worker whose precache
   * lists it with a new revision (a byte-different sw.js). The .br/.gz copies are dropped, so the
   * server sends the new files themselves.
   */
  function deployNewBuild() {
    const dist = path.join(work, 'dist');
    const index = path.join(dist, 'index.html');
    writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head><meta name="build" content="2">'));
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    // The precache entry of the shell, as InjectManifest writes it: {'revision':'…','url':'/'}.
    const shellEntry = /\{[^{}]*?\burl['"]?:\s*['"]\/['"][^{}]*\}/;
    expect(sw).toMatch(shellEntry);
    writeFileSync(path.join(dist, 'sw.js'), sw.replace(shellEntry, '{url:"/",revision:"new-build-2"}'));
    for (const file of ['index.html', 'sw.js']) {
      for (const suffix of ['.br', '.gz']) rmSync(path.join(dist, file + suffix), { force: true });
    }
  }

  test('a new build deployed while a tab is open offers the reload, and Reload brings it', async ({ page }) => {
    await page.goto(`${baseUrl}/about-us`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await swControls(page);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toHaveCount(0);

    deployNewBuild();
    // The browser looks for a new worker on navigations and when the tab comes back; the app every
    // hour. Here, now.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect(prompt).toHaveText('A new version is available: Reload', { timeout: 30_000 });

    // Waiting, not taking over: the open page still runs the old version with the old worker.
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting?.state ?? null, marker: document.querySelector('meta[name="build"]') !== null };
    });
    expect(before).toEqual({ waiting: 'installed', marker: false });
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    // The new version: its shell (with the marker), the new worker active and in control.
    await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', '2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(after).toEqual({ waiting: null, active: 'activated', controlled: true });
    await expect(prompt).toHaveCount(0);
  });
});
