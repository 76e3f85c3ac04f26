// `npm run bench:api`: HTTP throughput of the server on loopback, with autocannon (10 connections,
// 3 s warm-up, then 10 s measured per target), on embedded PGlite and, when BENCH_DATABASE_URL
// names a scratch PostgreSQL database, on PostgreSQL too:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:api
// Targets: the baseline (a hello route on the same app), the SPA shell that carries the runtime
// configuration (GET /), GET /api/health, a signed-in GET /api/user/{id}, and POST /api/login
// (argon2id by design, so slow). The rate limits are raised through their LIMIT_* variables for
// the run. Goals: the signed-in read >= 2,500 req/s on PGlite and >= 6,000 on PostgreSQL, p99
// <= 10 ms, 0 errors. Prints one table per database; exits 0 whatever the figures (a benchmark).
// Options: --duration <s> (default 10), --only <text in a target's name>, --database pglite|postgres
// (that one only; by default each is measured in a process of its own: `eachDatabase`), --json <file>
// (the figures as JSON lines too: bench/figures.mjs).
import { emit } from './figures.mjs';
import { demoLogin, eachDatabase, ensureBuild, measure, option, printTable, startServer } from './http-bench.mjs';

const DURATION = Number(option('duration', '10'));
const ONLY = option('only');
const GOALS = { pglite: 2500, postgres: 6000 };

async function benchmark(kind, databaseUrl) {
  const server = startServer(databaseUrl);
  try {
    const url = await server.url;
    const { token, userId } = await demoLogin(url);
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
      const result = await measure({ url: `${url}${target.path}`, method: target.method ?? 'GET', headers: target.headers, body: target.body }, { duration: DURATION });
      const met = target.goal && result.requests.average >= target.goal && result.latency.p99 <= 10 && result.errors === 0 && result.non2xx === 0;
      if (target.goal) {
        const name = `${kind}: ${target.name}`;
        emit('api', { name: `${name}, req/s`, value: Math.round(result.requests.average), unit: 'req/s', target: { op: '>=', value: target.goal } });
        emit('api', { name: `${name}, p99`, value: result.latency.p99, unit: 'ms', target: { op: '<=', value: 10 } });
        emit('api', { name: `${name}, errors and non-2xx`, value: result.errors + result.timeouts + result.non2xx, unit: '', target: { op: '<=', value: 0 } });
      }
      rows.push({ name: target.name, result, verdict: target.goal ? `>= ${target.goal} req/s, p99 <= 10 ms: ${met ? 'met' : 'NOT met'}` : '' });
    }
    const baseline = rows.find((row) => row.name.startsWith('baseline'))?.result.requests.average;
    printTable(`${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}: 10 connections, ${DURATION} s each after 3 s warm-up`, rows, baseline);
  } finally {
    await server.stop();
  }
}

ensureBuild();
await eachDatabase(import.meta.url, (database) => benchmark(database, database === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined));
