// `npm run bench:api`: HTTP throughput of the server on loopback, with autocannon (10 connections,
// 3 s warm-up, then 10 s measured per target), on embedded PGlite and, when BENCH_DATABASE_URL
// names a scratch PostgreSQL database, on PostgreSQL too:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:api
// Targets: the baseline (a hello route on the same app), the SPA shell that carries the runtime
// configuration (GET /), GET /api/health, a signed-in GET /api/user/{id}, and POST /api/login
// (argon2id by design, so slow). The rate limits are raised through their LIMIT_* variables for
// the run. Goals: the signed-in read >= 2,500 req/s on PGlite and >= 6,000 on PostgreSQL, p99
// <= 10 ms, 0 errors. Prints one table per database; exits 0 whatever the figures (a benchmark).
// Options: --duration <s> (default 10), --only <target name>.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const DURATION = Number(option('duration', '10'));
const ONLY = option('only');
const WARMUP = 3;
const CONNECTIONS = 10;
const GOALS = { pglite: 2500, postgres: 6000 };

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('No production build in dist/: building it first (npm run build).');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const HIGH = '1000000000';
const limitEnv = Object.fromEntries([
  'LIMIT_API_PER_MINUTE', 'LIMIT_LOGINS_PER_MINUTE', 'LIMIT_LOGIN_FAILURES',
].map((name) => [name, HIGH]));

function startServer(databaseUrl) {
  const env = { ...process.env, ...limitEnv, NODE_ENV: 'production', NOMINATIM_URL: 'http://127.0.0.1:9' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = new Promise((resolve, reject) => {
    const read = (chunk) => {
      // The request log goes to stdout too: keep only the start of the output for error messages.
      if (output.length < 20_000) output += chunk.toString();
      const match = /^listening (http:\/\/\S+)/m.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the bench server stopped (code ${code}):\n${output.trim()}`)));
  });
  return { child, url };
}

function run(options, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function login(url) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { token: body.token, userId: body.user._id };
}

async function benchmark(kind, databaseUrl) {
  const server = startServer(databaseUrl);
  try {
    const url = await server.url;
    const { token, userId } = await login(url);
    const targets = [
      { name: 'baseline: hello route', path: '/bench/hello' },
      { name: 'GET / (shell + config)', path: '/', headers: { 'accept-encoding': 'br, gzip' } },
      { name: 'GET /api/health', path: '/api/health' },
      { name: 'GET /api/user/{id} signed in', path: `/api/user/${userId}`, headers: { authorization: `Bearer ${token}` }, goal: GOALS[kind] },
      {
        name: 'POST /api/login',
        path: '/api/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
      },
    ].filter((target) => !ONLY || target.name.includes(ONLY));

    const rows = [];
    for (const target of targets) {
      const options = { url: `${url}${target.path}`, method: target.method ?? 'GET', headers: target.headers, body: target.body };
      await run(options, WARMUP);
      const result = await run(options, DURATION);
      rows.push({ ...target, result });
    }
    print(kind, rows);
  } finally {
    server.child.kill('SIGTERM');
  }
}

function print(kind, rows) {
  const base = rows.find((row) => row.name.startsWith('baseline'))?.result.requests.average;
  const fmt = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  console.log(`\n${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up`);
  console.log(`| target | req/s | p50 ms | p99 ms | errors | non-2xx | vs baseline | goal |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---|`);
  for (const { name, result, goal } of rows) {
    const rps = result.requests.average;
    const verdict = goal ? `>= ${fmt(goal)} req/s, p99 <= 10 ms: ${rps >= goal && result.latency.p99 <= 10 && result.errors === 0 ? 'met' : 'NOT met'}` : '';
    console.log(`| ${name} | ${fmt(rps)} | ${fmt(result.latency.p50, 2)} | ${fmt(result.latency.p99, 2)} | ${result.errors + result.timeouts} | ${result.non2xx} | ${base ? `${fmt(rps / base, 2)}x` : ''} | ${verdict} |`);
  }
}

await benchmark('pglite');
if (process.env.BENCH_DATABASE_URL) await benchmark('postgres', process.env.BENCH_DATABASE_URL);
else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL to a scratch database to measure it too.)');
