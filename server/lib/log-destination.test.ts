import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');
const LINES = 500;

// A process that logs through serverLogOptions far more than a pipe holds (about 0.5 MB), says so on
// stderr, and exits at once; its stdout is a pipe this test does not read until then.
const script = `
import pino from 'pino';
import { serverLogOptions } from './server/lib/log-destination.ts';
const { level, stream } = serverLogOptions('info');
const log = pino({ level }, stream);
const filler = 'x'.repeat(1000);
for (let i = 0; i < ${LINES}; i++) log.info({ i, filler }, 'line');
process.stderr.write('logged\\n');
process.exit(0);
`;

describe('serverLogOptions', () => {
  it('logging does not wait for the reader of stdout, and every line is out when the process exits', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pause();
    let read = '';
    child.stdout.on('data', (chunk: Buffer) => { read += chunk.toString(); });
    let stderr = '';
    const logged = new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('logged')) resolve();
    }));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const closed = new Promise((resolve) => child.stdout.once('close', resolve));
    // A synchronous log would still be waiting on the full pipe here: nothing of stdout has been read.
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([logged.then(() => 'logged'), new Promise((resolve) => { timer = setTimeout(resolve, 10_000, 'still logging'); })]);
    clearTimeout(timer);
    const readBeforeLogged = read.length;
    child.stdout.resume();
    expect(first).toBe('logged');
    const code = await exited;
    await closed;
    expect(readBeforeLogged).toBe(0);
    expect(code).toBe(0);
    const lines = read.trim().split('\n').map((line) => JSON.parse(line) as { i: number; msg: string });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: LINES }, (_, i) => i));
    expect(lines.every((line) => line.msg === 'line')).toBe(true);
  }, 30_000);
});
