// `npm run bench:search`: the boards' lists and the home search as the boards grow: the bench server
// (bench/api-server.ts) is filled with deterministic rows (bench/board-rows.ts) to 1k, 10k and 100k
// rows per board, and at each size autocannon (3 s warm-up, 10 s) measures, next to the baseline
// (a hello route of the same app):
//   - the three list endpoints, first page, 10 connections;
//   - search, 10 connections, rotating a common word, a typo, two words, a filler word and a word
//     found nowhere; the same with 330 different queries (see DISTINCT); then search at 100 connections (no request may take over 1 s), with autocannon
//     and with Node's own http client (see `closedLoop` in http-bench.mjs for why both).
// On embedded PGlite, and on PostgreSQL too when BENCH_DATABASE_URL names a server (a throwaway
// database is made on it for the run and dropped after):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search
// Goals: lists >= 1,000 req/s with p99 <= 30 ms at 10k rows on PGlite (>= 4,000, p99 <= 10 ms on
// PostgreSQL); search p99 <= 50 ms at 10k rows, at 100k <= 150 ms on PGlite and <= 80 ms on
// PostgreSQL; with every answer computed, p99 <= 70 ms at 10k and 140 ms at 100k on PGlite, 50 and
// 80 ms on PostgreSQL; the search median grows at most 10x from 1k to 100k rows; 0 errors and 0 non-2xx.
// Options: --sizes 1000,10000 (default 1000,10000,100000), --duration <s>, --database pglite|postgres
// (that one only; by default each is measured in a process of its own: `eachDatabase`), --json <file>
// (the figures as JSON lines too: bench/figures.mjs).
// A benchmark: prints tables and a verdict per goal; exits 0 whatever the figures.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { emit } from './figures.mjs';
import { closedLoop, demoLogin, eachDatabase, ensureBuild, measure, option, printTable, startServer } from './http-bench.mjs';

const SIZES = option('sizes', '1000,10000,100000').split(',').map(Number);
const DURATION = Number(option('duration', '10'));
const QUERIES = ['hostel', 'hostle', 'pharmacy delhi', 'sunrise', 'zqxvw'];
// The server keeps search answers until the next write, as it keeps list pages (at most 200 per
// kind, oldest out first). The rotation above is what it mostly answers from memory, as it would
// the searches many visitors make. So that the figures also show the database's own work, a second
// stream sends 330 different searches in turn (every service word with every city, every service
// and scenery word, the scenery words alone, typos) across all connections: each answer is gone
// from memory before its query comes round again, so every request is a search in the database.
const SERVICES = ['hostel', 'scooter', 'homestay', 'guide', 'desk', 'pharmacy', 'mechanic', 'cook', 'driver', 'tailor'];
const CITIES = ['panaji', 'manali', 'delhi', 'kochi', 'jaipur', 'leh', 'rishikesh', 'pune', 'hampi', 'udaipur'];
const SCENERY = ['sunrise', 'monsoon', 'market', 'trek', 'beach', 'temple', 'lake', 'fort', 'cafe', 'river', 'valley', 'festival', 'train', 'bazaar', 'spice', 'tea', 'garden', 'desert', 'island', 'harbour'];
const swapped = (word) => word.slice(0, -2) + word.at(-1) + word.at(-2);
const DISTINCT = [
  ...SERVICES.flatMap((service) => CITIES.map((city) => `${service} ${city}`)),
  ...SERVICES.flatMap((service) => SCENERY.map((scenery) => `${service} ${scenery}`)),
  ...SCENERY, ...SERVICES.map(swapped),
];
/** autocannon requests that take the next of DISTINCT, in one order shared by every connection. */
function distinctRequests() {
  let next = 0;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/search?q=${encodeURIComponent(DISTINCT[next++ % DISTINCT.length])}` }) }];
}

async function adminQuery(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function benchmark(kind, databaseUrl) {
  const server = startServer(databaseUrl);
  const figures = [];
  try {
    const url = await server.url;
    const { token, userId } = await demoLogin(url);
    const lists = [
      { name: 'GET /api/all-needs', path: '/api/all-needs' },
      { name: 'GET /api/all-requests', path: '/api/all-requests' },
      { name: 'GET /api/skills', path: '/api/skills' },
    ];
    for (const size of SIZES) {
      const seeded = await fetch(`${url}/bench/rows?rows=${size}`, { method: 'POST' });
      if (!seeded.ok) throw new Error(`seeding failed: ${seeded.status} ${await seeded.text()}`);
      const { maintenanceMs, longestJobMs } = await seeded.json();
      console.log(`${kind}: ${size.toLocaleString('en-US')} rows per board; VACUUM and ANALYZE after seeding took ${maintenanceMs} ms${kind === 'pglite' ? ` (longest table: ${longestJobMs} ms, the most a request could wait for it)` : ''}`);
      const rows = [];
      const hello = await measure({ url: `${url}/bench/hello` }, { duration: DURATION });
      rows.push({ name: 'baseline: hello route', result: hello });
      for (const list of lists) {
        // A list a later change has not built yet is reported, not measured.
        if ((await fetch(`${url}${list.path}`)).status === 404) {
          console.log(`(${list.path} answers 404 here: not measured)`);
          continue;
        }
        const result = await measure({ url: `${url}${list.path}`, headers: { authorization: `Bearer ${token}` } }, { duration: DURATION });
        rows.push({ name: `${list.name} (first page)`, result });
        figures.push({ kind, size, what: 'list', result });
      }
      const requests = QUERIES.map((q) => ({ method: 'GET', path: `/api/search?q=${encodeURIComponent(q)}` }));
      const search = await measure({ url, requests }, { duration: DURATION });
      rows.push({ name: `GET /api/search (${QUERIES.length} queries in turn)`, result: search });
      figures.push({ kind, size, what: 'search', result: search });
      const computed = await measure({ url, requests: distinctRequests() }, { duration: DURATION });
      rows.push({ name: `GET /api/search (${DISTINCT.length} different queries: none answered from memory)`, result: computed });
      figures.push({ kind, size, what: 'search-computed', result: computed });
      const crowd = await measure({ url, requests }, { duration: Math.min(DURATION, 5), connections: 100 });
      rows.push({ name: 'GET /api/search, 100 connections', result: crowd });
      figures.push({ kind, size, what: 'search100', result: crowd });
      printTable(`${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}, ${size.toLocaleString('en-US')} rows per board`, rows, hello.requests.average);
      const fair = await closedLoop({ url, requests, connections: 100, duration: Math.min(DURATION, 5) });
      figures.push({ kind, size, what: 'search100node', fair });
      console.log(`GET /api/search, 100 connections of Node's http client: ${Math.round(fair.rps)} req/s, p50 ${Math.round(fair.p50)} ms, p99 ${Math.round(fair.p99)} ms, max ${Math.round(fair.max)} ms, ${fair.errors} errors, ${fair.non2xx} non-2xx`);
    }
    // Last, so that the rows they add change none of the searches above.
    figures.push({ kind, what: 'writers', writers: await concurrentWriters(url, token, userId, databaseUrl) });
  } finally {
    await server.stop();
  }
  return figures;
}

/**
 * Writers on one board: 10 connections creating needs through the API as fast as they are answered
 * (a multipart form, as the app sends it), while another connection asks PostgreSQL every few
 * milliseconds whether a backend is waiting for a lock (pg_stat_activity), where writers that
 * must take turns on a shared row would be seen. Creates per second, and the lock waits seen.
 */
async function concurrentWriters(url, token, userId, databaseUrl) {
  const boundary = 'bench-boundary';
  const fields = { type: 'need', category: 'Accommodation', serviceName: 'Bench bunk for a night', description: 'Written by the writers bench.',
    phone: '+919876543210', email: 'bench@example.net', address: 'Beach road', city: 'Panaji', state: 'Goa', postalCode: '403001',
    latitude: '15.49', longitude: '73.82' };
  const body = `${Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;
  let watcher;
  let watching = Promise.resolve();
  let stopWatching = false;
  const seen = { samples: 0, waits: 0, kinds: {} };
  if (databaseUrl) {
    watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    watching = (async () => {
      while (!stopWatching) {
        const { rows } = await watcher.query(`select wait_event as kind, count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' group by wait_event`);
        seen.samples += 1;
        for (const { kind, n } of rows) {
          seen.waits += n;
          seen.kinds[kind] = (seen.kinds[kind] ?? 0) + n;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
  }
  try {
    const result = await measure({
      url: `${url}/api/create-need/${userId}`, method: 'POST', body,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    }, { duration: DURATION });
    const created = result['2xx'] / (result.duration || DURATION);
    console.log(`POST /api/create-need, 10 connections on one board: ${Math.round(created)} creates/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors${databaseUrl ? `; lock waits seen in ${seen.samples} looks at pg_stat_activity: ${seen.waits}${seen.waits ? ` (${Object.entries(seen.kinds).map(([kind, n]) => `${kind} ${n}`).join(', ')})` : ''}` : ''}`);
    return { created, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, ...seen };
  } finally {
    stopWatching = true;
    await watching.catch(() => {});
    await watcher?.end();
  }
}

function verdicts(kind, figures) {
  const at = (what, size) => figures.filter((f) => f.what === what && f.size === size).map((f) => f.result);
  const ok = (results) => results.length > 0 && results.every((r) => r.errors === 0 && r.timeouts === 0 && r.non2xx === 0);
  const lines = [];
  /** A verdict line; `figure` ({ name, value, unit, target }) also goes to the --json file. */
  const say = (met, text, figure) => {
    lines.push(`  ${met ? 'met    ' : 'NOT MET'}  ${text}`);
    if (figure) emit('search', { ...figure, name: `${kind}: ${figure.name}` });
  };
  const ms = (name, value, limit) => ({ name, value, unit: 'ms', target: { op: '<=', value: limit } });
  const listGoal = kind === 'pglite' ? { rps: 1000, p99: 30 } : { rps: 4000, p99: 10 };
  const lists10k = at('list', 10000);
  if (lists10k.length) say(lists10k.every((r) => r.requests.average >= listGoal.rps && r.latency.p99 <= listGoal.p99), `lists at 10k rows: >= ${listGoal.rps} req/s, p99 <= ${listGoal.p99} ms`);
  if (lists10k.length) {
    emit('search', { name: `${kind}: slowest list at 10k rows, req/s`, value: Math.round(Math.min(...lists10k.map((r) => r.requests.average))), unit: 'req/s', target: { op: '>=', value: listGoal.rps } });
    emit('search', { name: `${kind}: lists at 10k rows, worst p99`, value: Math.max(...lists10k.map((r) => r.latency.p99)), unit: 'ms', target: { op: '<=', value: listGoal.p99 } });
  }
  const s10k = at('search', 10000)[0];
  if (s10k) say(s10k.latency.p99 <= 50, `search p99 <= 50 ms at 10k rows (${s10k.latency.p99} ms)`, ms('search p99 at 10k rows', s10k.latency.p99, 50));
  const s100k = at('search', 100000)[0];
  const limit100k = kind === 'pglite' ? 150 : 80;
  if (s100k) say(s100k.latency.p99 <= limit100k, `search p99 <= ${limit100k} ms at 100k rows (${s100k.latency.p99} ms)`, ms('search p99 at 100k rows', s100k.latency.p99, limit100k));
  const s1k = at('search', 1000)[0];
  if (s1k && s100k) say(s100k.latency.p50 <= 10 * Math.max(s1k.latency.p50, 1), `search median grows at most 10x from 1k to 100k rows (${s1k.latency.p50} → ${s100k.latency.p50} ms)`,
    { name: 'search median, 100k rows / 1k rows', value: Math.round((s100k.latency.p50 / Math.max(s1k.latency.p50, 1)) * 10) / 10, unit: 'x', target: { op: '<=', value: 10 } });
  // The same goals for the stream of different queries, every one searched in the database.
  const c10k = at('search-computed', 10000)[0];
  const computed = kind === 'pglite' ? { at10k: 70, at100k: 140 } : { at10k: 50, at100k: 80 };
  if (c10k) say(c10k.latency.p99 <= computed.at10k, `every answer computed: search p99 <= ${computed.at10k} ms at 10k rows (${c10k.latency.p99} ms)`, ms('search p99 at 10k rows, every answer computed', c10k.latency.p99, computed.at10k));
  const c100k = at('search-computed', 100000)[0];
  if (c100k) say(c100k.latency.p99 <= computed.at100k, `every answer computed: search p99 <= ${computed.at100k} ms at 100k rows (${c100k.latency.p99} ms)`, ms('search p99 at 100k rows, every answer computed', c100k.latency.p99, computed.at100k));
  const c1k = at('search-computed', 1000)[0];
  if (c1k && c100k) say(c100k.latency.p50 <= 10 * Math.max(c1k.latency.p50, 1), `every answer computed: median grows at most 10x from 1k to 100k rows (${c1k.latency.p50} → ${c100k.latency.p50} ms)`);
  const crowd = figures.filter((f) => f.what === 'search100').map((f) => f.result);
  say(crowd.every((r) => r.latency.max <= 1000), `100 connections (autocannon): no search over 1 s (max ${Math.max(...crowd.map((r) => r.latency.max))} ms)`, ms('search at 100 connections (autocannon), max', Math.max(...crowd.map((r) => r.latency.max)), 1000));
  const fair = figures.filter((f) => f.what === 'search100node').map((f) => f.fair);
  say(fair.every((r) => r.max <= 1000), `100 connections (Node's http client): no search over 1 s (max ${Math.round(Math.max(...fair.map((r) => r.max)))} ms)`, ms('search at 100 connections (Node client), max', Math.round(Math.max(...fair.map((r) => r.max))), 1000));
  const measured = figures.filter((f) => f.result);
  say(ok(measured.map((f) => f.result)) && fair.every((r) => r.errors === 0 && r.non2xx === 0), '0 errors and 0 non-2xx',
    { name: 'errors and non-2xx', value: measured.reduce((n, f) => n + f.result.errors + f.result.timeouts + f.result.non2xx, 0) + fair.reduce((n, r) => n + r.errors + r.non2xx, 0), unit: '', target: { op: '<=', value: 0 } });
  console.log(`\n${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} goals:\n${lines.join('\n')}`);
}

/** This database's run, in this process. */
async function run(database) {
  if (database === 'pglite') {
    verdicts('pglite', await benchmark('pglite'));
    return;
  }
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const name = `ns_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    verdicts('postgres', await benchmark('postgres', url.toString()));
  } finally {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

ensureBuild();
await eachDatabase(import.meta.url, run);
