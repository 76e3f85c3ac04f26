import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newRegistration } from './fixtures.js';

// The real server (server/main.ts) on one DATA_DIR: killed with SIGKILL, it starts again at once on
// the same directory (no refused start), with its data; while one runs, a second start is refused.
const root = path.join(__dirname, '..', '..');
const children: ChildProcess[] = [];
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ns-crash-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  /** The base URL once it printed its ready line, or the exit code and output when it stopped first. */
  outcome: Promise<{ url: string } | { code: number | null; output: string }>;
}

function start(): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      NOMINATIM_URL: 'http://127.0.0.1:9', SEED_DEMO: 'false', STATIC_DIR: path.join(dataDir, 'no-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const outcome = new Promise<{ url: string } | { code: number | null; output: string }>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /is running at (http:\/\/\S+) /.exec(output);
      if (ready) resolve({ url: ready[1] });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => resolve({ code, output }));
  });
  return { child, outcome };
}

async function ready(server: Started): Promise<string> {
  const outcome = await server.outcome;
  if (!('url' in outcome)) throw new Error(`the server stopped (code ${outcome.code}): ${outcome.output}`);
  return outcome.url;
}

describe('the server after a crash', () => {
  it('starts again at once on the same DATA_DIR after kill -9, with its data; a second live start is refused', async () => {
    const first = start();
    const firstUrl = await ready(first);
    const registration = newRegistration();
    const registered = await fetch(`${firstUrl}/api/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration),
    });
    expect(registered.status).toBe(201);

    // While it runs, another server on the same directory is refused with the clear message.
    const second = await start().outcome;
    expect(second).toEqual({ code: 1, output: expect.stringContaining(`Another Need Spot server is already using ${dataDir}`) });

    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;

    // The very first start after the kill succeeds (no waiting out a stale lock).
    const restarted = start();
    const url = await ready(restarted);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: registration.username, password: registration.password }),
    });
    expect(login.status).toBe(200);

    const stopped = once(restarted.child, 'exit');
    restarted.child.kill('SIGTERM');
    expect((await stopped)[0]).toBe(0);
  }, 120_000);
});
