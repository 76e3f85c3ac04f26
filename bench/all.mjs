// `npm run bench`: every benchmark in turn (bundle, Lighthouse, api, search, realtime, restart, scale), each
// as `npm run bench:<name>` runs it, plus `--json <file>` (bench/figures.mjs) so that its figures
// come back with their targets. When PostgreSQL (/usr/lib/postgresql/<n>/bin) and redis-server are
// there, starts both on loopback first (scripts/scale-stack.mjs's startPostgres, with fsync, and
// startRedis: a throwaway data directory under the OS temp dir, free ports, as the postgres user when
// run as root, as .ci/run does) and stops them at the end, whatever happens: bench:api and
// bench:realtime get a database of their own on it (BENCH_DATABASE_URL), bench:search the server (it
// makes its own database); BENCH_REDIS_URL is set for benches that take Redis. bench:scale starts
// PostgreSQL, Redis and nginx of its own (scripts/scale-stack.mjs); without their binaries it is not
// run, and the table says which is missing. Writes bench-results/<date>.json and prints one Markdown
// table: each figure, its target, a verdict (met / not met / floor-bound, with the ratio when the
// bench reports a floor).
//
//   npm run bench                      the full run (about an hour on 2 cores)
//   npm run bench -- --quick           small sizes and durations, a few minutes: checks the run works
//   npm run bench -- --only api,search some benches only
//   node bench/all.mjs --self-test     the table's tests (bench/results-table.test.mjs)
// Exits 0 whatever the figures; 1 when a bench could not run.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './results-table.mjs';
import { missingBinaries, pgBinDir, startPostgres, startRedis } from '../scripts/scale-stack.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

if (args.includes('--self-test')) {
  const run = spawnSync(process.execPath, ['--test', path.join(root, 'bench', 'results-table.test.mjs')], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const QUICK = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? args[onlyAt + 1].split(',') : undefined;

/**
 * Each bench: its script, and the options of a quick run. `database`: how it takes PostgreSQL.
 * `missing`: what the machine lacks for it (the bench is then not run, and the table says so).
 */
const BENCHES = [
  { name: 'bundle', quick: [] },
  { name: 'lighthouse', quick: ['--runs', '1', '/'] },
  { name: 'api', quick: ['--duration', '2'], database: 'own' },
  { name: 'search', quick: ['--sizes', '1000', '--duration', '2'], database: 'server' },
  // Quick: 2,000 idle sockets for 5 s in the crowd phase instead of 10,000 for 15 s.
  { name: 'realtime', quick: ['--sockets', '200', '--rate', '200', '--duration', '3', '--warmup', '1', '--idle-sockets', '2000', '--idle-duration', '5'], database: 'own' },
  { name: 'restart', quick: [] },
  { name: 'scale', quick: ['--duration', '2'], missing: () => missingBinaries() },
].filter((bench) => !ONLY || ONLY.includes(bench.name));

// --- PostgreSQL and Redis on loopback, when installed (scripts/scale-stack.mjs starts them) ------
const pgBin = pgBinDir();
const redisServer = !missingBinaries({ nginx: false }).some((line) => line.startsWith('redis-server'));
const services = { dir: undefined, postgres: undefined, redis: undefined, stops: [] };
/**
 * Stops PostgreSQL (pg_ctl, waited for) and Redis (signalled now; the promise waits for its exit),
 * and removes their directory, all before it returns: also from a signal handler that exits next.
 */
function stopServices() {
  const exits = services.stops.splice(0).reverse().map((stop) => {
    try {
      return Promise.resolve(stop()).catch(() => {});
    } catch (error) {
      console.error(`A service did not stop: ${error.message}`);
      return undefined;
    }
  });
  if (services.dir) rmSync(services.dir, { recursive: true, force: true });
  Object.assign(services, { dir: undefined, postgres: undefined, redis: undefined });
  return Promise.all(exits);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopServices();
    process.exit(130);
  });
}

async function startServices() {
  const needsDatabase = BENCHES.some((bench) => bench.database);
  if (!needsDatabase || (!pgBin && !redisServer)) return;
  services.dir = mkdtempSync(path.join(tmpdir(), 'need-spot-bench-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
  chmodSync(services.dir, 0o755);
  if (pgBin) {
    // With fsync, as before: the benches' writes are measured against a durable commit.
    const postgres = await startPostgres(services.dir, { durable: true });
    services.stops.push(postgres.stop);
    services.postgres = postgres.url;
    console.log(`PostgreSQL (${pgBin}) on 127.0.0.1:${postgres.port}`);
  }
  if (redisServer) {
    try {
      const redis = await startRedis();
      services.stops.push(redis.stop);
      services.redis = redis.url;
      console.log(`Redis on 127.0.0.1:${redis.port}`);
    } catch (error) {
      console.log(`Redis did not start (${error.message}): the benches run without it.`);
    }
  }
}

/** BENCH_DATABASE_URL for `bench`: a database of its own, or the server (search makes its own). */
function databaseFor(bench) {
  if (!services.postgres || !bench.database) return undefined;
  if (bench.database === 'server') return `${services.postgres}/postgres`;
  const name = `bench_${bench.name}`;
  const created = spawnSync(path.join(pgBin, 'createdb'), ['-h', '127.0.0.1', '-p', new URL(services.postgres).port, '-U', 'postgres', name], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`createdb ${name}: ${created.error?.message ?? created.stderr}`);
  return `${services.postgres}/${name}`;
}

// --- the run ---------------------------------------------------------------------------------------
const started = new Date();
const runs = [];
const work = mkdtempSync(path.join(tmpdir(), 'need-spot-bench-json-'));
try {
  await startServices();
  for (const bench of BENCHES) {
    const missing = bench.missing?.() ?? [];
    if (missing.length) {
      console.log(`\n=== bench:${bench.name} not run: missing ${missing.join('; ')}`);
      runs.push({ bench: bench.name, exitCode: 0, seconds: 0, options: [], postgres: false, figures: [], notRun: `missing ${missing.join('; ')}` });
      continue;
    }
    const jsonFile = path.join(work, `${bench.name}.jsonl`);
    const env = { ...process.env };
    delete env.BENCH_DATABASE_URL;
    const databaseUrl = databaseFor(bench);
    if (databaseUrl) env.BENCH_DATABASE_URL = databaseUrl;
    if (services.redis) env.BENCH_REDIS_URL = services.redis;
    const benchArgs = [...(QUICK ? bench.quick : []), '--json', jsonFile];
    console.log(`\n=== bench:${bench.name} ${benchArgs.slice(0, -2).join(' ')}${databaseUrl ? ' (PGlite and PostgreSQL)' : ''}`);
    const t0 = performance.now();
    const child = spawnSync(process.execPath, [path.join(root, 'bench', `${bench.name}.mjs`), ...benchArgs], { cwd: root, env, stdio: 'inherit' });
    const figures = existsSync(jsonFile)
      ? readFileSync(jsonFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)).map(({ bench: _bench, ...figure }) => figure)
      : [];
    runs.push({ bench: bench.name, exitCode: child.status, seconds: Math.round((performance.now() - t0) / 1000), options: benchArgs.slice(0, -2), postgres: Boolean(databaseUrl), figures });
  }
} finally {
  await stopServices();
  rmSync(work, { recursive: true, force: true });
}

const table = [
  markdownTable(runs.filter((run) => !run.notRun)),
  ...runs.filter((run) => run.notRun).map((run) => `| ${run.bench} | (not run: ${run.notRun}) | | | not measured |`),
].join('\n');
const resultsDir = path.join(root, 'bench-results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `${started.toISOString().slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify({
  started: started.toISOString(), quick: QUICK, node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model,
  postgres: Boolean(pgBin), redis: Boolean(redisServer), runs, table,
}, null, 2)}\n`);
console.log(`\n## Benchmarks${QUICK ? ' (--quick: small sizes and durations, not the targets\' conditions)' : ''}, ${started.toISOString().slice(0, 16)}Z, ${cpus().length} cores\n`);
console.log(table);
console.log(`\n(${path.relative(root, file)}; ${runs.map((run) => `${run.bench} ${run.seconds} s`).join(', ')})`);
if (runs.some((run) => run.exitCode !== 0)) process.exitCode = 1;
