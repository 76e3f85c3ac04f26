// `npm run bench:lighthouse`: Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU)
// with Debian's Chromium on a production build with demo content, 5 serial runs per URL, median of
// each figure. In the same run, two baselines the script builds itself and serves from the same
// server: a static HTML page and a bare React 19 page (react + react-dom, same webpack). Prints one
// table and the targets; a benchmark, so it exits 0 whatever the figures (1 only when it cannot run).
// Each URL is measured twice: a first visit (Lighthouse's default: storage, caches and the service
// worker cleared before the load) and a repeat visit (the service worker warm: the page loaded
// once, until its worker controls it, then measured with storage kept; for the baselines, which
// have no worker, just their HTTP cache). The repeat visit's target: LCP at most 1.0x the bare
// React page's first visit.
//
//   npm run bench:lighthouse                  every route, 5 runs each
//   npm run bench:lighthouse -- --runs 1 /    one run of / (and the baselines), for a quick look
//   --json <file>                             the figures as JSON lines too (bench/figures.mjs)
//   --against <checkout>                      first visits of this tree and of another checkout (an
//                                             older commit, built: its own dist/ and node_modules),
//                                             run by run in turn, so both meet the same moments of
//                                             this noisy machine; prints each route's medians side by
//                                             side and the geometric mean of the LCP ratios. A build's
//                                             figures drift by ±0.1 s between blocks of runs, so two
//                                             separate runs of this script cannot show a few per cent.
//                                             Make the checkout with:
//                                               git worktree add ../base <commit> --detach
//                                               ln -s "$PWD/node_modules" ../base/node_modules
//                                               (cd ../base && npm run build)
//   --against <checkout> --repeat             the same for repeat visits (each URL loaded once until
//                                             its service worker controls it, then measured with
//                                             storage kept): both checkouts must have the worker
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import makeConfig from '../webpack.config.js';
import { freePort } from './free-port.mjs';
import { emit } from './figures.mjs';
import { pageRoutes } from './page-routes.mjs';
import { startFlags } from './start-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
const againstArg = args.indexOf('--against');
const against = againstArg >= 0 ? path.resolve(args[againstArg + 1] ?? '') : undefined;
const repeatVisits = args.includes('--repeat');
const only = args.filter((arg, i) => arg.startsWith('/') && !['--runs', '--json', '--against'].includes(args[i - 1]));
const routes = only.length ? pageRoutes.filter((route) => only.includes(route.path)) : pageRoutes;

// --- what must be there: Chromium from Debian, Lighthouse from npm (never installed silently) ----
const chromePath = process.env.CHROME_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (!chromePath) {
  console.error('Chromium is missing. Install Debian\'s package (apt-get install chromium), or set CHROME_PATH.');
  process.exit(1);
}
if (against && !existsSync(path.join(against, 'dist', 'index.html'))) {
  console.error(`--against ${against}: no dist/index.html there. Build that checkout first (npm run build in it).`);
  process.exit(1);
}
let lighthouse, chromeLauncher, puppeteer;
try {
  ({ default: lighthouse } = await import('lighthouse'));
  chromeLauncher = await import('chrome-launcher');
  ({ default: puppeteer } = await import('puppeteer-core'));
} catch {
  console.error('Lighthouse is missing: run npm install (it is a devDependency, lighthouse 12 on Node 20).');
  process.exit(1);
}

// --- builds: the app, and the two baselines --------------------------------------------------------
function build(config) {
  return new Promise((resolve, reject) => webpack(config, (error, stats) => {
    if (error) return reject(error);
    if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
    resolve(stats);
  }));
}

const work = mkdtempSync(path.join(tmpdir(), 'need-spot-lighthouse-'));
console.log('Building the app (production)...');
await build(makeConfig({}, { mode: 'production' }));

const PAGE_HEAD = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>';
const TEXT = 'Plan trips, discover destinations, share needs and connect with travellers around the world.';

// The static page: HTML and nothing else.
const baselines = !against;
const staticDir = path.join(work, 'static');
mkdirSync(staticDir, { recursive: true });
writeFileSync(path.join(staticDir, 'index.html'), `<!doctype html><html lang="en"><head>${PAGE_HEAD}</head><body><h1>Need Spot</h1><p>${TEXT}</p></body></html>`);

// The bare React page: the same webpack config (babel, compression, preload), an entry that renders
// the same text with react-dom/client and nothing else.
if (baselines) console.log('Building the bare React 19 page...');
const bareSrc = path.join(work, 'bare-src');
mkdirSync(bareSrc, { recursive: true });
writeFileSync(path.join(bareSrc, 'index.js'), [
  "import { createElement } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  `createRoot(document.getElementById('root')).render(createElement('main', null, createElement('h1', null, 'Need Spot'), createElement('p', null, ${JSON.stringify(TEXT)})));`,
].join('\n'));
writeFileSync(path.join(bareSrc, 'index.html'), `<!doctype html><html lang="en"><head>${PAGE_HEAD}</head><body><div id="root"></div></body></html>`);
const bareConfig = makeConfig({}, { mode: 'production' });
bareConfig.entry = path.join(bareSrc, 'index.js');
bareConfig.output = { ...bareConfig.output, path: path.join(work, 'bare') };
bareConfig.resolve = { ...bareConfig.resolve, modules: [path.join(root, 'node_modules'), 'node_modules'] };
bareConfig.module.rules[0] = { ...bareConfig.module.rules[0], exclude: /node_modules/, include: bareSrc };
// The baseline stays bare: no public/ copy, no app template, no service worker.
bareConfig.plugins = bareConfig.plugins
  .filter((plugin) => !['CopyPlugin', 'HtmlWebpackPlugin', 'InjectManifest'].includes(plugin.constructor.name));
const { default: HtmlWebpackPlugin } = await import('html-webpack-plugin');
bareConfig.plugins.unshift(new HtmlWebpackPlugin({ template: path.join(bareSrc, 'index.html'), inject: 'head', scriptLoading: 'defer' }));
if (baselines) await build(bareConfig);

// --- servers: the real server three times (app with demo content; each baseline as its STATIC_DIR) ----
const servers = [];
async function startServer(name, staticDirectory, checkout = root) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(work, `data-${name}-`));
  const child = spawn(process.execPath, [...startFlags, 'scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      SKIP_BUILD: 'true', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDirectory, LOG_LEVEL: 'warn',
      SEED_DEMO: 'true', NOMINATIM_URL: 'http://127.0.0.1:9',
      // Offline: map tiles fail at once (nothing listens there), as an unreachable tile server would.
      TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', LIMIT_API_PER_MINUTE: '100000', LIMIT_LOGINS_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The ${name} server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The ${name} server did not get ready`);
}

async function stopAll() {
  await Promise.all(servers.map((child) => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  })));
  rmSync(work, { recursive: true, force: true });
}

let chrome;
try {
  console.log('Starting the servers...');
  const [app, bare, plain] = await Promise.all(against
    ? [startServer('app', path.join(root, 'dist')), startServer('against', path.join(against, 'dist'), against)]
    : [
      startServer('app', path.join(root, 'dist')),
      startServer('bare', path.join(work, 'bare')),
      startServer('static', staticDir),
    ]);

  /** The demo account's session on that server, as the SPA stores it after a login (localStorage). */
  async function demoSession(base) {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    if (!login.ok) throw new Error(`Demo login failed: ${login.status} ${await login.text()}`);
    const { user, token } = await login.json();
    return { userData: JSON.stringify({ ...user, token }), token };
  }
  const sessions = new Map([[app, await demoSession(app)]]);
  if (against) sessions.set(bare, await demoSession(bare));

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  /** The session, written before any of the page's scripts run, on every load (Lighthouse clears storage first). */
  async function keepSession(page, url) {
    const session = sessions.get(new URL(url).origin);
    await page.evaluateOnNewDocument((entries) => {
      try {
        for (const [name, value] of Object.entries(entries)) localStorage.setItem(name, value);
      } catch {
        // about:blank has no storage
      }
    }, session);
  }

  /**
   * A first visit to the URL in the browser's profile, left when its service worker controls the
   * page (the app registers it after the load event; it controls once its precache is complete).
   * The baselines have none: their load fills the HTTP cache only.
   */
  async function warmUp(url, signedIn) {
    const page = await browser.newPage();
    try {
      if (signedIn) await keepSession(page, url);
      await page.goto(url, { waitUntil: 'load' });
      // The app's worker: this tree's, or with --against --repeat the other checkout's (served where
      // the bare page is otherwise). The baselines have none.
      if (url.startsWith(app) || (against && repeatVisits && url.startsWith(bare))) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 60_000 });
    } finally {
      await page.close();
    }
  }

  async function audit(url, signedIn, { repeat = false } = {}) {
    const page = await browser.newPage();
    try {
      if (signedIn) await keepSession(page, url);
      // A repeat visit keeps what the warm-up left: the service worker, its caches, the HTTP cache.
      const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: repeat }, undefined, page);
      const { audits, categories } = result.lhr;
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      // LIGHTHOUSE_REPORT_DIR=… keeps each run's full report (which element is the LCP, the long tasks).
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}${repeat ? '-repeat' : ''}-${Date.now()}.json`), JSON.stringify(result.lhr));
      }
      return {
        performance: Math.round((categories.performance.score ?? 0) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
      };
    } finally {
      await page.close();
    }
  }

  /** The id of the first record of a list (`idFrom` of bench/page-routes.mjs) on that server. */
  async function firstId({ list, key }, base = app) {
    const answer = await (await fetch(`${base}${list}`)).json();
    const id = answer[key]?.[0]?._id;
    if (!id) throw new Error(`No record in ${list} to measure a detail page with`);
    return id;
  }

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };

  /** One first visit to `url`, measured again when Chromium loses its trace (NO_NAVSTART, NO_FCP). */
  async function auditAgain(url, signedIn, options) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await audit(url, signedIn, options);
      } catch (error) {
        if (attempt === 3) throw error;
        process.stdout.write(`(${error.message.slice(0, 60)}; again) `);
      }
    }
  }

  if (against) await compareFirstVisits(bare);
  else await measureWithBaselines();

  /**
   * --against: each route's first visit on this tree's server and on the other checkout's, in
   * turn (which goes first alternates run by run), then the medians side by side.
   */
  async function compareFirstVisits(other) {
    const visits = repeatVisits ? 'Repeat visits' : 'First visits';
    const pathOf = async (route, base) => (route.idFrom ? route.path.replace(':id', await firstId(route.idFrom, base)) : route.path);
    const rows = [];
    for (const route of routes) {
      const urls = { now: app + await pathOf(route, app), before: other + await pathOf(route, other) };
      const runs = { now: [], before: [] };
      if (repeatVisits) for (const which of ['before', 'now']) await warmUp(urls[which], route.signedIn);
      for (let i = 0; i < RUNS; i++) {
        process.stdout.write(`\r${route.path}: run ${i + 1} of ${RUNS}   `);
        for (const which of i % 2 ? ['now', 'before'] : ['before', 'now']) runs[which].push(await auditAgain(urls[which], route.signedIn, { repeat: repeatVisits }));
      }
      const row = { label: route.path + (route.signedIn ? ' (logged in)' : '') };
      for (const which of ['now', 'before']) {
        row[which] = {};
        for (const key of ['performance', 'lcp', 'tbt', 'bytes']) row[which][key] = median(runs[which].map((run) => run[key]));
      }
      rows.push(row);
    }
    process.stdout.write('\r'.padEnd(60) + '\r');
    await browser.disconnect();

    const pad = (text, width) => String(text).padStart(width);
    const labelWidth = Math.max(28, ...rows.map((row) => row.label.length + 2));
    console.log(`\n${visits}, median of ${RUNS} interleaved runs each: "before" is ${against}, "now" this tree\n`);
    console.log(`${'page'.padEnd(labelWidth)}${pad('perf', 10)}${pad('LCP before', 12)}${pad('now', 8)}${pad('ratio', 8)}${pad('TBT before', 12)}${pad('now', 8)}${pad('bytes before', 14)}${pad('now', 10)}`);
    for (const { label, before, now } of rows) {
      console.log(`${label.padEnd(labelWidth)}${pad(`${before.performance} → ${now.performance}`, 10)}${pad((before.lcp / 1000).toFixed(2) + ' s', 12)}${pad((now.lcp / 1000).toFixed(2) + ' s', 8)}`
        + `${pad((now.lcp / before.lcp).toFixed(3), 8)}${pad(Math.round(before.tbt) + ' ms', 12)}${pad(Math.round(now.tbt) + ' ms', 8)}`
        + `${pad((before.bytes / 1024).toFixed(1) + ' KB', 14)}${pad((now.bytes / 1024).toFixed(1) + ' KB', 10)}`);
    }
    const lcpRatio = Math.exp(rows.reduce((sum, row) => sum + Math.log(row.now.lcp / row.before.lcp), 0) / rows.length);
    const bytesDelta = median(rows.map((row) => row.now.bytes - row.before.bytes));
    const slower = rows.filter((row) => row.now.lcp > row.before.lcp).length;
    console.log(`\nLCP now/before, geometric mean over ${rows.length} routes: ${lcpRatio.toFixed(3)} (later on ${slower}, earlier or equal on ${rows.length - slower})`);
    console.log(`TBT median over the routes: ${Math.round(median(rows.map((row) => row.before.tbt)))} ms before, ${Math.round(median(rows.map((row) => row.now.tbt)))} ms now`);
    console.log(`Bytes now - before, median over the routes: ${(bytesDelta / 1024).toFixed(1)} KB`);
    emit('lighthouse', { name: `${visits.toLowerCase().replace(/s$/, '')} LCP, now/before (geometric mean)`, value: Math.round(lcpRatio * 1000) / 1000, unit: 'x', target: { op: '<=', value: 1 } });
    emit('lighthouse', { name: `${visits.toLowerCase().replace(/s$/, '')} bytes, now - before (median)`, value: Math.round(bytesDelta / 102.4) / 10, unit: 'KB' });
  }

  /** Every route's first and repeat visits, next to the static and the bare React pages. */
  async function measureWithBaselines() {
    const targets = [
      { label: 'static HTML page', url: `${plain}/`, signedIn: false },
      { label: 'bare React 19 page', url: `${bare}/`, signedIn: false },
      ...(await Promise.all(routes.map(async (route) => ({
        label: route.path + (route.signedIn ? ' (logged in)' : ''),
        url: app + (route.idFrom ? route.path.replace(':id', await firstId(route.idFrom)) : route.path),
        signedIn: route.signedIn,
        ownTarget: route.ownTarget,
      })))),
    ];
    const rows = [];
    for (const target of targets) {
      const runs = [];
      const repeats = [];
      for (const repeat of [false, true]) {
        // The first visits first: Lighthouse clears the origin's storage (the worker too) before each.
        if (repeat) await warmUp(target.url, target.signedIn);
        for (let i = 0; i < RUNS; i++) {
          process.stdout.write(`\r${target.label}: ${repeat ? 'repeat' : 'first'} visit, run ${i + 1} of ${RUNS}   `);
          (repeat ? repeats : runs).push(await auditAgain(target.url, target.signedIn, { repeat }));
        }
      }
      const row = { label: target.label, ownTarget: target.ownTarget };
      for (const key of ['performance', 'lcp', 'tbt', 'cls', 'bytes']) row[key] = median(runs.map((run) => run[key]));
      row.repeatLcp = median(repeats.map((run) => run.lcp));
      rows.push(row);
    }
    process.stdout.write('\r'.padEnd(60) + '\r');
    await browser.disconnect();

    const bareRow = rows[1];
    const pad = (text, width) => String(text).padStart(width);
    console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per URL, mobile defaults, ${chromePath}\n`);
    const labelWidth = Math.max(28, ...rows.map((row) => row.label.length + 2));
    console.log(`${'page'.padEnd(labelWidth)}${pad('perf', 6)}${pad('LCP', 9)}${pad('TBT', 8)}${pad('CLS', 7)}${pad('bytes', 10)}${pad('LCP/bare', 10)}${pad('bytes/bare', 12)}${pad('repeat LCP', 12)}${pad('repeat/bare', 13)}`);
    for (const row of rows) {
      console.log(`${row.label.padEnd(labelWidth)}${pad(row.performance, 6)}${pad((row.lcp / 1000).toFixed(2) + ' s', 9)}${pad(Math.round(row.tbt) + ' ms', 8)}`
        + `${pad(row.cls.toFixed(3), 7)}${pad((row.bytes / 1024).toFixed(1) + ' KB', 10)}${pad((row.lcp / bareRow.lcp).toFixed(2) + 'x', 10)}${pad((row.bytes / bareRow.bytes).toFixed(2) + 'x', 12)}`
        + `${pad((row.repeatLcp / 1000).toFixed(2) + ' s', 12)}${pad((row.repeatLcp / bareRow.lcp).toFixed(2) + 'x', 13)}`);
    }
    console.log('(repeat: the service worker warm, the page loaded once before; repeat/bare: against the bare React page\'s first visit)');
    const appRows = rows.slice(2).filter((row) => !row.ownTarget);
    const check = (name, ok) => console.log(`  ${ok ? 'met    ' : 'NOT MET'}  ${name}`);
    for (const row of rows.slice(2)) {
      const targets = row.ownTarget ? { performance: row.ownTarget.performance } : { performance: 95, lcp: 1.15 * bareRow.lcp, tbt: 100, cls: 0.02, bytes: 1.3 * bareRow.bytes };
      emit('lighthouse', { name: `${row.label}: performance`, value: row.performance, unit: '', target: { op: '>=', value: targets.performance } });
      if (row.ownTarget) continue;
      emit('lighthouse', { name: `${row.label}: LCP (1.15x bare React)`, value: Math.round(row.lcp), unit: 'ms', target: { op: '<=', value: Math.round(targets.lcp) } });
      emit('lighthouse', { name: `${row.label}: TBT`, value: Math.round(row.tbt), unit: 'ms', target: { op: '<=', value: targets.tbt } });
      emit('lighthouse', { name: `${row.label}: CLS`, value: Math.round(row.cls * 1000) / 1000, unit: '', target: { op: '<=', value: targets.cls } });
      emit('lighthouse', { name: `${row.label}: bytes (1.3x bare React)`, value: Math.round(row.bytes / 102.4) / 10, unit: 'KB', target: { op: '<=', value: Math.round(targets.bytes / 102.4) / 10 } });
    }
    for (const row of rows.slice(2)) {
      emit('lighthouse', { name: `${row.label}: repeat-visit LCP (1.0x bare React's first visit)`, value: Math.round(row.repeatLcp), unit: 'ms', target: { op: '<=', value: Math.round(bareRow.lcp) } });
    }
    for (const row of rows.filter((r) => r.ownTarget)) {
      console.log(`\nTarget of ${row.label}:`);
      check(`performance at least ${row.ownTarget.performance}`, row.performance >= row.ownTarget.performance);
    }
    console.log('\nTargets (every other app route):');
    check('performance at least 95', appRows.every((row) => row.performance >= 95));
    check('LCP at most 1.15x the bare React page', appRows.every((row) => row.lcp <= 1.15 * bareRow.lcp));
    check('TBT at most 100 ms', appRows.every((row) => row.tbt <= 100));
    check('CLS at most 0.02', appRows.every((row) => row.cls <= 0.02));
    check('bytes at most 1.3x the bare React page', appRows.every((row) => row.bytes <= 1.3 * bareRow.bytes));
    console.log('\nTarget of the repeat visit (every app route, the service worker warm):');
    check('LCP at most 1.0x the bare React page\'s first visit', rows.slice(2).every((row) => row.repeatLcp <= bareRow.lcp));
  }
} catch (error) {
  console.error(`\nbench:lighthouse could not run: ${error.stack ?? error.message}`);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await stopAll();
}
