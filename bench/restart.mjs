// `npm run bench:restart`: how long after a crash (SIGKILL) the server is ready again on the same
// DATA_DIR (embedded PGlite), started as `npm start` starts it (scripts/start.mjs with the start script's node flags, the SPA build skipped): time from the kill to the ready line, and to GET /api/ready = 200.
// 3 rounds, median printed; target 3 s, no refused start. A benchmark: exits 0 whatever the figures.
// `--json <file>`: the figures as JSON lines too (bench/figures.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit } from './figures.mjs';
import { startFlags } from './start-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'need-spot-restart-'));
const ROUNDS = 3;

function start() {
  const child = spawn(process.execPath, [...startFlags, 'scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, SKIP_BUILD: 'true', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NOMINATIM_URL: 'http://127.0.0.1:9', STATIC_DIR: path.join(dataDir, 'no-build') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk.toString();
      const match = /is running at (http:\/\/\S+) /.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`refused or failed (code ${code}): ${output.trim()}`)));
  });
  return { child, ready };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let server = start();
const toLine = [];
const toReady = [];
try {
  await server.ready;
  for (let round = 0; round < ROUNDS; round++) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    server = start();
    const url = await server.ready;
    toLine.push(performance.now() - killedAt);
    while ((await fetch(`${url}/api/ready`).catch(() => undefined))?.status !== 200) await new Promise((r) => setTimeout(r, 20));
    toReady.push(performance.now() - killedAt);
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nRestart after kill -9 on the same DATA_DIR (${ROUNDS} rounds, no start refused):`);
  console.log(`  to the ready line:        median ${s(median(toLine))}  (${toLine.map(s).join(', ')})`);
  console.log(`  to /api/ready answering:  median ${s(median(toReady))}  (${toReady.map(s).join(', ')})`);
  console.log(`  target: ready within 3 s of the kill: ${median(toReady) <= 3000 ? 'met' : 'NOT MET'}`);
  emit('restart', { name: `kill -9 to /api/ready, median of ${ROUNDS}`, value: Math.round(median(toReady)) / 1000, unit: 's', target: { op: '<=', value: 3 } });
} catch (error) {
  console.error(`bench:restart: ${error.message}`);
  process.exitCode = 1;
} finally {
  server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
