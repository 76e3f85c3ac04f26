// `npm run bench:scale`: requests a second through nginx (deploy/nginx.conf) with one server
// instance and with two on the same PostgreSQL database, Redis and S3 bucket, started on loopback by
// scripts/scale-stack.mjs (each a fresh stack, stopped before the next), with autocannon:
//   - the signed-in read: GET /api/user/{id} with a bearer token (as bench:api measures it);
//   - a mixed load: of every 20 requests on a connection, 18 signed-in reads (the profile, the needs
//     board, the inbox, the notifications) and 2 writes (a message sent, POST /api/messages/{id};
//     a need created with spec §7's JSON body, POST /api/create-need/{id});
// and, with the one instance, the same signed-in read sent to the instance directly, without nginx:
// what nginx costs. The ratio two instances / one instance is reported for both loads.
//
// On 2 cores the ratio shows contention, not capacity: the load generator (this process), nginx,
// the Node instances, PostgreSQL and Redis all share the same cores, so a second instance mostly
// takes CPU from the others. Only on a machine with cores to spare (or the load generator elsewhere)
// does it say how far a second instance carries the load.
//
// nginx closes a client's kept-alive connection after its 1,000th request (`keepalive_requests`, left
// at nginx's default in deploy/nginx.conf) with Connection: close; autocannon may already have sent
// its next request on it, and counts that as an error (a browser sends it again). So a few errors
// through nginx, and some of nginx's cost, are the load generator's: measured once (5 s loads), with
// keepalive_requests 100 each load had 4-7 errors and a p99 of 55-100 ms, with 1,000,000 none, a
// p99 of 5-6 ms, and the read through nginx as fast as the direct one.
//
// Each account is registered through the API (the stack runs with SEED_DEMO=false). The rate limits
// are raised through their LIMIT_* variables for the run. Targets: 0 errors and non-2xx answers for
// each load; req/s, p99 and the ratios are reported without a target. Needs PostgreSQL's server
// binaries, redis-server and nginx (.ci/run installs them): without one it says which and exits 2.
// Options: --duration <s> measured per load after a 3 s warm-up (default 10), --connections <n>
// (default 20), --json <file> (the figures as JSON lines too: bench/figures.mjs).
import { cpus } from 'node:os';
import { missingBinaries, startScaleStack } from '../scripts/scale-stack.mjs';
import { call, NEED, signUp } from './accounts.mjs';
import { emit } from './figures.mjs';
import { measure, option, printTable, root } from './http-bench.mjs';

const DURATION = Number(option('duration', '10'));
const CONNECTIONS = Number(option('connections', '20'));
// Said in the ratios' names, so that the table says it too.
const CONTENTION = cpus().length <= 2
  ? `on ${cpus().length} cores: contention, not capacity; load generator, nginx, instances and PostgreSQL share them`
  : `${cpus().length} cores shared by load generator, nginx, instances and PostgreSQL`;

const HIGH = '1000000000';
const limitEnv = Object.fromEntries([
  'LIMIT_API_PER_MINUTE', 'LIMIT_LOGINS_PER_MINUTE', 'LIMIT_LOGIN_FAILURES', 'LIMIT_LOGIN_SLOWDOWN_AFTER', 'LIMIT_REGISTRATIONS_PER_HOUR', 'LIMIT_SOCKET_HANDSHAKES_PER_MINUTE',
].map((name) => [name, HIGH]));

/** The mixed load's requests, in the order each connection sends them: 18 reads, 2 writes. */
function mixedRequests(me, other) {
  const auth = { authorization: `Bearer ${me.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const reads = [
    { method: 'GET', path: `/api/user/${me.id}`, headers: auth },
    { method: 'GET', path: '/api/all-needs', headers: auth },
    { method: 'GET', path: '/api/messages', headers: auth },
    { method: 'GET', path: `/api/user/${other.id}`, headers: auth },
    { method: 'GET', path: '/api/notifications', headers: auth },
    { method: 'GET', path: `/api/user/${me.id}`, headers: auth },
  ];
  const requests = [];
  for (let i = 0; i < 18; i++) requests.push(reads[i % reads.length]);
  requests.splice(6, 0, { method: 'POST', path: `/api/messages/${other.id}`, headers: json, body: JSON.stringify({ content: 'Still on for Kasol tomorrow?' }) });
  requests.splice(16, 0, { method: 'POST', path: `/api/create-need/${me.id}`, headers: json, body: JSON.stringify(NEED) });
  return requests;
}

const failures = (result) => result.errors + result.timeouts + result.non2xx;

/** One stack of `instances`, measured: { read, mixed, direct? } autocannon results. */
async function measureStack(instances) {
  console.log(`\n--- ${instances} instance${instances > 1 ? 's' : ''} behind nginx`);
  const stack = await startScaleStack({ instances, env: limitEnv, root, log: (line) => console.log(`  ${line}`) });
  try {
    const me = await signUp(stack.url);
    const other = await signUp(stack.url);
    // A conversation and a need exist before the load: the reads have something to read.
    await call(stack.url, 'POST', `/api/messages/${other.id}`, { token: me.token, body: { content: 'Hello' } });
    await call(stack.url, 'POST', `/api/create-need/${me.id}`, { token: me.token, body: NEED });
    const read = (base) => ({ url: `${base}/api/user/${me.id}`, headers: { authorization: `Bearer ${me.token}` } });
    const settings = { duration: DURATION, connections: CONNECTIONS };
    const results = {};
    if (instances === 1) results.direct = await measure(read(stack.instances[0].url), settings);
    results.read = await measure(read(stack.url), settings);
    results.mixed = await measure({ url: stack.url, requests: mixedRequests(me, other) }, settings);
    return results;
  } finally {
    await stack.stop();
  }
}

const missing = missingBinaries();
if (missing.length) {
  console.error(`bench:scale not run: missing ${missing.join('; ')}.`);
  process.exit(2);
}

const one = await measureStack(1);
const two = await measureStack(2);

const rows = [
  { name: '1 instance, direct (no nginx): signed-in read', result: one.direct },
  { name: '1 instance via nginx: signed-in read', result: one.read },
  { name: '2 instances via nginx: signed-in read', result: two.read },
  { name: '1 instance via nginx: mixed 90 % read / 10 % write', result: one.mixed },
  { name: '2 instances via nginx: mixed 90 % read / 10 % write', result: two.mixed },
];
printTable(`Scale: ${CONNECTIONS} connections, ${DURATION} s each after 3 s warm-up (vs baseline: the direct read)`, rows, one.direct.requests.average);

for (const { name, result } of rows) {
  emit('scale', { name: `${name}, req/s`, value: Math.round(result.requests.average), unit: 'req/s' });
  emit('scale', { name: `${name}, p99`, value: result.latency.p99, unit: 'ms' });
  emit('scale', { name: `${name}, errors and non-2xx`, value: failures(result), unit: '', target: { op: '<=', value: 0 } });
}
const ratio = (a, b) => Number((a.requests.average / b.requests.average).toFixed(2));
const ratios = [
  { name: 'nginx\'s cost: signed-in read via nginx / direct, 1 instance', value: ratio(one.read, one.direct) },
  { name: `ratio 2 / 1 instances, signed-in read (${CONTENTION})`, value: ratio(two.read, one.read) },
  { name: `ratio 2 / 1 instances, mixed load (${CONTENTION})`, value: ratio(two.mixed, one.mixed) },
];
console.log('');
for (const { name, value } of ratios) {
  emit('scale', { name, value, unit: 'x' });
  console.log(`${name}: ${value}x`);
}
