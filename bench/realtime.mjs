// `npm run bench:realtime`: realtime delivery on one server (embedded PGlite, or PostgreSQL with
// BENCH_DATABASE_URL). 1,000 signed-in travellers each hold a socket (socket.io, WebSocket, token
// auth); then for 15 s, 1,000 direct messages a second go through POST /api/messages/{userId}
// between random pairs (each is stored, then emitted to both users), and once a second the server
// broadcasts one event to every socket.
// Figures: direct-message delivery (from the message's stored time, `createdAt`: the start of the
// statement that stores it, on the database's clock, which on one machine is the bench's, to its
// arrival at the receiver's socket) and end to end (from the POST leaving the sender to that arrival);
// broadcast delivery (from the emit to each socket's arrival); the server's resident memory (now
// and peak); disconnects and failed sends. Then, as the floor those figures stand on, the same load
// for as long again through a relay that emits each message without storing it (POST
// /bench/relay/{userId} in bench/api-server.ts): what HTTP, socket.io and this machine cost alone,
// timed from the emit to the microsecond (`createdAt` has milliseconds: a stored message's figure
// can read up to 1 ms long).
// Goals (the issue's): direct p99 <= 5 ms, broadcast p99 <= 50 ms, server RSS <= 150 MB, 0 disconnects.
// On PGlite the database runs inside the server process, so its memory counts in the server's RSS.
// Options: --sockets <n> (1000), --rate <messages/s> (1000), --duration <s> (15), --database pglite|postgres
// (that one only; by default each is measured in a process of its own: `eachDatabase`), --json <file> (the
// figures as JSON lines too: bench/figures.mjs). Exits 0 whatever the figures.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { io } from 'socket.io-client';
import { emit } from './figures.mjs';
import { bundleBenchServer, eachDatabase, ensureBuild, option, startServer } from './http-bench.mjs';

const SOCKETS = Number(option('sockets', '1000'));
const RATE = Number(option('rate', '1000'));
const DURATION = Number(option('duration', '15'));
const MAX_IN_FLIGHT = 200;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

/** POST with kept-alive connections; resolves to { status, body } (body parsed when JSON). */
function post(url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: body ? { 'content-type': 'application/json', ...headers } : headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode, body: parsed });
      });
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** The server process's resident memory in MB: now (VmRSS) and peak (VmHWM), from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function benchmark(kind, databaseUrl) {
  // Bundled, as `npm start` runs the product: the memory measured is the server's, not tsx's.
  const server = startServer(databaseUrl, { bundle: await bundleBenchServer() });
  const sockets = [];
  try {
    const url = await server.url;
    const travellers = [];
    while (travellers.length < SOCKETS) {
      travellers.push(...(await post(`${url}/bench/travellers?count=${Math.min(250, SOCKETS - travellers.length)}`)).body);
    }

    // Every traveller connects; arrivals are timed as they come.
    // Each phase's figures, by the prefix of its messages' content.
    const phases = { stored: { path: '/api/messages/', direct: [], endToEnd: [], broadcast: [] }, relayed: { path: '/bench/relay/', direct: [], endToEnd: [], broadcast: [] } };
    let running = phases.stored;
    const sentAt = new Map();
    let disconnects = 0;
    let connectErrors = 0;
    await Promise.all(travellers.map((traveller) => new Promise((resolve) => {
      const socket = io(url, { path: '/socket.io', auth: { token: traveller.token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.on('new-message', (message) => {
        if (message.receiver._id !== traveller.id) return; // the sender's own copy
        const arrived = now();
        const phase = phases[message.content.split(' ', 1)[0]];
        phase.direct.push(arrived - (message.emittedAt ?? Date.parse(message.createdAt)));
        const started = sentAt.get(message.content);
        if (started !== undefined) phase.endToEnd.push(arrived - started);
      });
      socket.on('bench-broadcast', ({ sentAt: emitted }) => running.broadcast.push(now() - emitted));
      socket.on('disconnect', () => disconnects++);
      socket.once('connect', resolve);
      socket.once('connect_error', () => {
        connectErrors++;
        resolve();
      });
    })));
    const connected = sockets.filter((socket) => socket.connected).length;
    const memoryBefore = memoryOf(server.child.pid);

    // Direct messages at RATE a second, in ticks of 10 ms; at most MAX_IN_FLIGHT requests open; a
    // broadcast to all every second. `phase` names the route and prefixes the messages' content.
    const drive = async (phase) => {
      running = phases[phase];
      const counts = { sent: 0, failed: 0, skipped: 0 };
      let inFlight = 0;
      const sends = [];
      const send = async (from, to, content) => {
        inFlight++;
        sentAt.set(content, now());
        try {
          const response = await post(`${url}${phases[phase].path}${to.id}`, { headers: { authorization: `Bearer ${from.token}` }, body: { content } });
          if (response.status !== 201) counts.failed++;
        } catch {
          counts.failed++;
        } finally {
          inFlight--;
        }
      };
      const started = now();
      let nextBroadcast = started + 1000;
      let due = 0;
      while (now() - started < DURATION * 1000) {
        // As many as the rate asks for by now (timers fire late on a busy machine: catch up).
        const target = Math.floor(((now() - started) / 1000) * RATE);
        while (due < target) {
          due++;
          if (inFlight >= MAX_IN_FLIGHT) {
            counts.skipped++;
            continue;
          }
          const from = travellers[Math.floor(Math.random() * travellers.length)];
          let to = travellers[Math.floor(Math.random() * travellers.length)];
          if (to === from) to = travellers[(travellers.indexOf(from) + 1) % travellers.length];
          sends.push(send(from, to, `${phase} message ${counts.sent++}`));
        }
        if (now() >= nextBroadcast) {
          nextBroadcast += 1000;
          void post(`${url}/bench/broadcast`).catch(() => {});
        }
        await sleep(10);
      }
      await Promise.all(sends);
      await sleep(500); // the last deliveries
      return { ...counts, elapsed: (now() - started) / 1000 };
    };
    const stored = await drive('stored');
    const memoryAfter = memoryOf(server.child.pid);
    const relayed = await drive('relayed');

    const rows = [
      ['direct message: stored → received', phases.stored.direct, 5],
      ['direct message: POST sent → received', phases.stored.endToEnd, undefined],
      ['broadcast to all: emitted → received', phases.stored.broadcast, 50],
      ['floor, relayed without storing: emitted → received', phases.relayed.direct, undefined],
      ['floor, relayed without storing: POST sent → received', phases.relayed.endToEnd, undefined],
    ];
    const line = ({ sent, failed, skipped, elapsed }) => `${sent} messages sent in ${fmt(elapsed)} s (${fmt(sent / elapsed, 0)}/s, ${failed} failed, ${skipped} not sent: ${MAX_IN_FLIGHT} already waiting)`;
    console.log(`\n${kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'}: ${connected} of ${SOCKETS} sockets connected (${connectErrors} refused); stored: ${line(stored)}; then relayed: ${line(relayed)}`);
    console.log('| delivery | count | p50 ms | p99 ms | max ms | goal |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const [name, values, goal] of rows) {
      const p99 = percentile(values, 99);
      const verdict = goal === undefined ? '' : `p99 <= ${goal} ms: ${p99 <= goal ? 'met' : 'NOT met'}`;
      console.log(`| ${name} | ${values.length} | ${fmt(percentile(values, 50))} | ${fmt(p99)} | ${fmt(Math.max(...values))} | ${verdict} |`);
    }
    const peak = Math.max(memoryBefore.peak, memoryAfter.peak);
    console.log(`\nServer memory: RSS ${fmt(memoryBefore.rss, 0)} MB with the sockets open, ${fmt(memoryAfter.rss, 0)} MB after the run, peak ${fmt(peak, 0)} MB (goal <= 150 MB: ${peak <= 150 ? 'met' : 'NOT met'})`);
    console.log(`Disconnects: ${disconnects} (goal 0: ${disconnects === 0 ? 'met' : 'NOT met'}); failed sends: ${stored.failed} stored, ${relayed.failed} relayed`);
    const round = (value) => Math.round(value * 10) / 10;
    emit('realtime', { name: `${kind}: direct message p99, stored → received`, value: round(percentile(phases.stored.direct, 99)), unit: 'ms', target: { op: '<=', value: 5 }, floor: round(percentile(phases.relayed.direct, 99)) });
    emit('realtime', { name: `${kind}: direct message p99, POST sent → received`, value: round(percentile(phases.stored.endToEnd, 99)), unit: 'ms', floor: round(percentile(phases.relayed.endToEnd, 99)) });
    emit('realtime', { name: `${kind}: broadcast p99`, value: round(percentile(phases.stored.broadcast, 99)), unit: 'ms', target: { op: '<=', value: 50 } });
    emit('realtime', { name: `${kind}: server RSS, peak`, value: Math.round(peak), unit: 'MB', target: { op: '<=', value: 150 } });
    emit('realtime', { name: `${kind}: disconnects`, value: disconnects, unit: '', target: { op: '<=', value: 0 } });
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
}

ensureBuild();
await eachDatabase(import.meta.url, (database) => benchmark(database, database === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined));
process.exit(0);
