// What bench/api.mjs and bench/search.mjs share: the bench server (bench/api-server.ts, the app as
// main.ts builds it, limits raised), the demo login, autocannon runs and the table they print.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startFlags } from './start-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `--name value` from the command line, else `fallback`. */
export function option(name, fallback) {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
}

/** The shell is served from dist/: build it when missing. */
export function ensureBuild() {
  if (existsSync(path.join(root, 'dist', 'index.html'))) return;
  console.log('No production build in dist/: building it first (npm run build).');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const HIGH = '1000000000';
const limitEnv = Object.fromEntries(['LIMIT_API_PER_MINUTE', 'LIMIT_LOGINS_PER_MINUTE', 'LIMIT_LOGIN_FAILURES', 'LIMIT_SOCKET_HANDSHAKES_PER_MINUTE'].map((name) => [name, HIGH]));

/**
 * bench/api-server.ts bundled by esbuild (as scripts/build-server.mjs bundles the product), so the
 * server runs as `npm start` runs it, without tsx's loader: what bench:realtime measures of its
 * memory is the product's. Written to dist-bench/, beside server/, where its paths still resolve.
 */
export async function bundleBenchServer() {
  const { build } = await import('esbuild');
  const outfile = path.join(root, 'dist-bench', 'api-server.mjs');
  await build({
    entryPoints: [path.join(root, 'bench', 'api-server.ts')], outfile, bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'warning',
  });
  return outfile;
}

/**
 * Starts the bench server on embedded PGlite, or on `databaseUrl`; resolves `url` once it is ready.
 * `bundle`: the path of bundleBenchServer()'s output, run directly instead of the TypeScript under tsx.
 */
export function startServer(databaseUrl, { bundle } = {}) {
  const env = { ...process.env, ...limitEnv, NODE_ENV: 'production', NOMINATIM_URL: 'http://127.0.0.1:9' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_SERVER_FLAGS: more node flags for the server alone (e.g. `--cpu-prof --cpu-prof-dir=<dir>` to profile it).
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const args = bundle ? [...startFlags, ...extra, bundle] : [...startFlags, ...extra, '--import', 'tsx', 'bench/api-server.ts'];
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // However the bench ends (a thrown error too), its server goes with it: a stop that did not
  // finish, or none at all, once left a server running on after the bench.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  const url = new Promise((resolve, reject) => {
    let listening = false;
    const read = (chunk) => {
      // The request log goes to stdout too: keep only the start of the output for error messages,
      // and stop looking through it once the server listens (the bench shares the server's cores).
      if (output.length < 20_000) output += chunk.toString();
      if (listening) return;
      const match = /^listening (http:\/\/\S+)/m.exec(output);
      if (match) {
        listening = true;
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the bench server stopped (code ${code}):\n${output.trim()}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Resolves once the server has exited: a server still closing its database (PGlite writes its
  // files out) would take CPU from whatever is measured next.
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      void exited.then(() => clearTimeout(kill));
    }
    return exited;
  };
  return { child, url, stop };
}

export async function demoLogin(url) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { token: body.token, userId: body.user._id };
}

/** One autocannon run; `requests` rotates through several requests on each connection. */
export function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Warm-up, then the measured run. */
export async function measure(options, { warmup = 3, duration = 10, connections = 10 } = {}) {
  await run({ ...options, duration: warmup, connections });
  return run({ ...options, duration, connections });
}

const fmt = (value, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A markdown table of results: req/s, p50, p99, max, errors, non-2xx, ratio to `baseline` req/s, verdict. */
export function printTable(title, rows, baseline) {
  console.log(`\n${title}`);
  console.log('| target | req/s | p50 ms | p99 ms | max ms | errors | non-2xx | vs baseline | goal |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { name, result, verdict = '' } of rows) {
    const rps = result.requests.average;
    console.log(`| ${name} | ${fmt(rps)} | ${fmt(result.latency.p50, 1)} | ${fmt(result.latency.p99, 1)} | ${fmt(result.latency.max, 0)} | ${result.errors + result.timeouts} | ${result.non2xx} | ${baseline ? `${fmt(rps / baseline, 2)}x` : ''} | ${verdict} |`);
  }
}

/**
 * A second client for the many-connections case: `connections` keep-alive connections of Node's own
 * http client, each sending its next request as soon as the answer to the last has arrived, for
 * `duration` seconds after a warm-up; latencies of every request, sorted. Measured next to
 * autocannon because, against a server whose work is CPU-bound (embedded PGlite runs each query on
 * the server's one thread), autocannon's own scheduling of 100 connections spreads the waits
 * unevenly: a handler that just spins 8 ms shows p50 0.3 s and max 5 s under autocannon, and p50
 * 0.85 s, p99 0.88 s under this client, on the same server.
 */
export async function closedLoop({ url, requests, connections = 100, duration = 5, warmup = 2 }) {
  const { default: http } = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const paths = requests.map((request) => request.path);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const one = (path, record) => new Promise((resolve) => {
    const started = performance.now();
    const request = http.get({ host: target.hostname, port: target.port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => {
        if (record) {
          latencies.push(performance.now() - started);
          if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
        }
        resolve();
      });
    });
    request.on('error', () => {
      if (record) errors++;
      resolve();
    });
  });
  const startedAt = Date.now();
  const measureFrom = startedAt + warmup * 1000;
  const end = measureFrom + duration * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, connection) => {
    for (let i = connection; Date.now() < end; i++) await one(paths[i % paths.length], Date.now() >= measureFrom);
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { count: latencies.length, rps: latencies.length / duration, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0, errors, non2xx };
}

/**
 * Runs `run('pglite')` and, when BENCH_DATABASE_URL is set, `run('postgres')`, each from a fresh
 * process of its own (this script again, with `--database <name>`), one after the other; with
 * `--database` given, runs that one here. Measured after the PGlite run in the same process, the
 * PostgreSQL lists of bench:search showed p99 11 ms where a process of their own shows 3 ms, even
 * once the PGlite server had exited before they began: what one run leaves in the measuring process
 * (autocannon's client, its heap) weighs on the next one's tail.
 */
export async function eachDatabase(scriptUrl, run) {
  const database = option('database');
  if (database !== undefined && database !== 'pglite' && database !== 'postgres') {
    console.error(`--database takes pglite or postgres, not ${database}`);
    process.exit(2);
  }
  if (database === 'postgres' && !process.env.BENCH_DATABASE_URL) {
    console.error('--database postgres needs BENCH_DATABASE_URL (a PostgreSQL server)');
    process.exit(2);
  }
  if (database) return run(database);
  const databases = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const name of databases) {
    const child = spawnSync(process.execPath, [fileURLToPath(scriptUrl), ...process.argv.slice(2), '--database', name], { stdio: 'inherit' });
    if (child.status !== 0) {
      console.error(`The ${name} run failed: ${child.error?.message ?? (child.signal ? `stopped by ${child.signal}` : `exit code ${child.status}`)}`);
      process.exit(child.status || 1);
    }
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL to a PostgreSQL server to measure it too.)');
}
