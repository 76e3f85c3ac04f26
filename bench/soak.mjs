// `npm run soak`: the server under ten minutes of mixed traffic, as production runs it (the built
// bundle through scripts/start.mjs, the demo content seeded), on embedded PGlite by default:
//   - browsing: signed-in reads of a profile (the timed read), the boards, the inbox, notifications;
//   - search: the home screen's search, with words that find something and words that do not;
//   - posting: needs (spec §7's JSON) and whispers with an image (multipart), with Idempotency-Keys,
//     each board keeping its newest 100 (the older ones deleted by their authors, images and all);
//   - messaging: 200 socket.io clients (one per member), messages sent between them (each member to
//     5 others), each of which must reach its receiver's socket.
// The data thus stops growing after the warm-up: what grows then is the server's own doing.
// Every 10 s it samples the server's resident memory (VmRSS of its process) and the p99 of the
// signed-in read in that window. After the warm-up (the first fifth of the run), targets: memory
// grows by less than 10 % (the median of the samples of the last minute against those of the first
// minute after the warm-up), 0 errors (a failed request, a message that never arrived, a socket
// dropped), the p99 of the signed-in read drifts up by at most 20 % (same minutes). Prints what it
// sent and found, and a verdict per target; exits 1 when one is missed.
// Options: --minutes <n> (default 10; SOAK_MINUTES too), --database pglite|postgres (postgres: a
// throwaway PostgreSQL from Debian's binaries, scripts/scale-stack.mjs), --sockets <n> (default 200).
// On demand, not in CI: it takes the machine for its duration.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { serverInstance, startPostgres } from '../scripts/scale-stack.mjs';
import { call, NEED, signUp } from './accounts.mjs';
import { freePort } from './free-port.mjs';
import { option, root } from './http-bench.mjs';

const MINUTES = Number(option('minutes', process.env.SOAK_MINUTES ?? '10'));
const DATABASE = option('database', 'pglite');
const SOCKETS = Number(option('sockets', '200'));
const SAMPLE_MS = 10_000;
const WARM_UP_MS = MINUTES * 60_000 * 0.2;
const MINUTE_MS = Math.min(60_000, MINUTES * 60_000 * 0.2);
// Concurrent loops of each kind: the load is steady, not the most the machine can take (the soak
// looks for leaks and drift; bench:api measures throughput).
const READERS = 6;
const SEARCHERS = 2;
const MESSENGERS = 2;
const POSTERS = 1;
const POST_PAUSE_MS = 500;
const MESSAGE_PAUSE_MS = 50;
const DELIVERY_GRACE_MS = 10_000;
const LIVE_POSTS = 100;
const PARTNERS = 5;

const HIGH = '1000000000';
const limitEnv = Object.fromEntries([
  'LIMIT_API_PER_MINUTE', 'LIMIT_LOGINS_PER_MINUTE', 'LIMIT_LOGIN_FAILURES', 'LIMIT_LOGIN_SLOWDOWN_AFTER', 'LIMIT_REGISTRATIONS_PER_HOUR',
  'LIMIT_SOCKET_HANDSHAKES_PER_MINUTE', 'LIMIT_UPLOADS_PER_HOUR',
].map((name) => [name, HIGH]));

const SEARCH_WORDS = ['goa', 'ride', 'manali', 'surf', 'yoga', 'kasol', 'trek', 'zzqx', 'cafe', 'bike'];

const counts = { reads: 0, searches: 0, needs: 0, whispers: 0, deleted: 0, messagesSent: 0, messagesDelivered: 0, errors: 0, disconnects: 0 };
const errorSamples = [];
function error(what) {
  counts.errors += 1;
  if (errorSamples.length < 10) errorSamples.push(what);
}

const pick = (list) => list[randomInt(list.length)];
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'need-spot-soak-'));
  let postgres;
  let instance;
  const sockets = [];
  let stopping = false;
  try {
    const env = { ...limitEnv, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', NOMINATIM_URL: 'http://127.0.0.1:9', JWT_SECRET: randomBytes(32).toString('hex'), DATA_DIR: path.join(dir, 'data') };
    if (DATABASE === 'postgres') {
      postgres = await startPostgres(dir);
      env.DATABASE_URL = `${postgres.url}/postgres`;
    }
    instance = serverInstance(root, env, await freePort(), (line) => console.log(`  ${line}`));
    await instance.start();
    const base = instance.url;
    const pid = instance.child.pid;
    console.log(`Soak: ${MINUTES} min on ${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${SOCKETS} sockets; warm-up ${Math.round(WARM_UP_MS / 1000)} s`);

    // Members, each with a socket that counts the messages it receives.
    const members = [];
    for (let i = 0; i < SOCKETS; i += 10) members.push(...(await Promise.all(Array.from({ length: Math.min(10, SOCKETS - i) }, () => signUp(base, 'soak')))));
    const pending = new Map(); // message content → { sentAt, to }
    await Promise.all(members.map((member) => new Promise((resolve, reject) => {
      const socket = io(base, { path: '/socket.io', auth: { token: member.token }, transports: ['websocket'] });
      sockets.push(socket);
      socket.on('new-message', (message) => {
        if (message?.receiver?._id !== member.id || !pending.has(message.content)) return;
        pending.delete(message.content);
        counts.messagesDelivered += 1;
      });
      socket.once('connect', () => {
        socket.on('disconnect', (reason) => {
          if (!stopping) {
            counts.disconnects += 1;
            error(`socket of ${member.id} disconnected: ${reason}`);
          }
        });
        resolve();
      });
      socket.once('connect_error', reject);
    })));
    console.log(`  ${members.length} members signed up, their sockets connected`);
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } }).png().toBuffer();

    const until = Date.now() + MINUTES * 60_000;
    const startedAt = Date.now();
    let timings = []; // signed-in read latencies of the current window
    const loop = async (work, gap = 0) => {
      while (Date.now() < until) {
        try {
          await work();
        } catch (failure) {
          error(failure.message);
        }
        if (gap) await pause(gap);
      }
    };
    const reader = async () => {
      const me = pick(members);
      const started = performance.now();
      await call(base, 'GET', `/api/user/${pick(members).id}`, { token: me.token });
      timings.push(performance.now() - started);
      const list = pick(['/api/all-needs?limit=20', '/api/all-requests?limit=20', '/api/skills?limit=20', '/api/approved-whispers?limit=20', '/api/messages', '/api/notifications']);
      await call(base, 'GET', list, { token: me.token });
      counts.reads += 2;
    };
    const searcher = async () => {
      await call(base, 'GET', `/api/search?q=${pick(SEARCH_WORDS)}`, { token: pick(members).token });
      counts.searches += 1;
    };
    // The data stays about the same size once warm (a soak looks for what grows by itself): each
    // board keeps its newest LIVE_POSTS of the soak's posts (their authors delete the older ones,
    // images and all), and each member writes to PARTNERS members only, so inboxes stop growing.
    const live = { needs: [], whispers: [] };
    const retire = async (board) => {
      if (live[board].length <= LIVE_POSTS) return;
      const { id, author } = live[board].shift();
      await call(base, 'DELETE', `/api/${board}/${id}`, { token: author.token });
      counts.deleted += 1;
    };
    const poster = async () => {
      const me = pick(members);
      const key = { 'idempotency-key': randomUUID() };
      if (counts.needs <= counts.whispers) {
        const created = await call(base, 'POST', `/api/create-need/${me.id}`, { token: me.token, body: NEED, headers: key });
        counts.needs += 1;
        live.needs.push({ id: created.need._id, author: me });
        return retire('needs');
      }
      const form = new FormData();
      for (const [name, value] of Object.entries({ title: 'Blue hour at Chapora Fort', location: 'Chapora, Goa', category: 'Hidden Gem', description: 'Go at six.' })) form.append(name, value);
      form.append('images', new Blob([image], { type: 'image/png' }), 'fort.png');
      const created = await call(base, 'POST', '/api/whispers', { token: me.token, form, headers: key });
      counts.whispers += 1;
      live.whispers.push({ id: created.whisper._id, author: me });
      return retire('whispers');
    };
    const messenger = async () => {
      const at = randomInt(members.length);
      const from = members[at];
      const to = members[(at + 1 + randomInt(PARTNERS)) % members.length];
      const content = `soak ${randomUUID()}`;
      pending.set(content, { sentAt: Date.now(), to: to.id });
      counts.messagesSent += 1;
      // A send that failed is counted as its error once, not again as undelivered.
      await call(base, 'POST', `/api/messages/${to.id}`, { token: from.token, body: { content } }).catch((failure) => {
        pending.delete(content);
        throw failure;
      });
    };

    const samples = [];
    const sampler = setInterval(() => {
      const at = Date.now() - startedAt;
      const sample = { at, rssMb: rssMb(pid), p99: percentile(timings, 99), reads: timings.length };
      timings = [];
      samples.push(sample);
      console.log(`  ${String(Math.round(at / 1000)).padStart(4)} s  RSS ${sample.rssMb.toFixed(0)} MB  signed-in read p99 ${sample.p99.toFixed(1)} ms  requests ${counts.reads + counts.searches + counts.needs + counts.whispers + counts.messagesSent}  errors ${counts.errors}`);
    }, SAMPLE_MS);
    await Promise.all([
      ...Array.from({ length: READERS }, () => loop(reader)),
      ...Array.from({ length: SEARCHERS }, () => loop(searcher)),
      ...Array.from({ length: POSTERS }, () => loop(poster, POST_PAUSE_MS)),
      ...Array.from({ length: MESSENGERS }, () => loop(messenger, MESSAGE_PAUSE_MS)),
    ]);
    clearInterval(sampler);
    // Messages still under way get a grace period; any not delivered by then is an error.
    const graceUntil = Date.now() + DELIVERY_GRACE_MS;
    while (pending.size > 0 && Date.now() < graceUntil) await pause(100);
    for (const [content] of pending) error(`message never delivered: ${content}`);
    stopping = true;

    // A short run's minute may hold no sample: then the first after the warm-up, and the last.
    const afterWarmUp = samples.filter((sample) => sample.at > WARM_UP_MS);
    const first = afterWarmUp.filter((sample) => sample.at <= WARM_UP_MS + MINUTE_MS);
    const last = afterWarmUp.filter((sample) => sample.at > samples.at(-1).at - MINUTE_MS);
    if (first.length === 0) first.push(afterWarmUp[0]);
    const rss = { first: median(first.map((s) => s.rssMb)), last: median(last.map((s) => s.rssMb)) };
    const p99 = { first: median(first.map((s) => s.p99)), last: median(last.map((s) => s.p99)) };
    const growth = (rss.last / rss.first - 1) * 100;
    const drift = (p99.last / p99.first - 1) * 100;
    const verdicts = [
      [`memory after warm-up: ${rss.first.toFixed(0)} MB → ${rss.last.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), target < +10 %`, growth < 10],
      [`signed-in read p99: ${p99.first.toFixed(1)} ms → ${p99.last.toFixed(1)} ms (${drift >= 0 ? '+' : ''}${drift.toFixed(1)} %), target ≤ +20 %`, drift <= 20],
      [`errors: ${counts.errors} (failed requests, undelivered messages, dropped sockets ${counts.disconnects}), target 0`, counts.errors === 0],
    ];
    const requests = counts.reads + counts.searches + counts.needs + counts.whispers + counts.deleted + counts.messagesSent;
    console.log(`\nSoak, ${MINUTES} min on ${DATABASE === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${members.length} sockets`);
    console.log(`  requests ${requests}: reads ${counts.reads}, searches ${counts.searches}, needs ${counts.needs}, whispers with an image ${counts.whispers}, posts deleted ${counts.deleted}, messages ${counts.messagesSent} (delivered live ${counts.messagesDelivered})`);
    for (const [line, met] of verdicts) console.log(`  ${line}: ${met ? 'met' : 'NOT met'}`);
    if (errorSamples.length) console.log(`  first errors:\n    ${errorSamples.join('\n    ')}`);
    process.exitCode = verdicts.every(([, met]) => met) ? 0 : 1;
  } finally {
    for (const socket of sockets) socket.close();
    await instance?.stop('SIGTERM');
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
