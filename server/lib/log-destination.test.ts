import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { MAX_QUEUED } from './log-destination.js';

const root = path.join(__dirname, '..', '..');
const LINES = 4_000;

// A process that logs `lines` lines of about 1 KB through serverLogOptions, says on stderr how many
// bytes the log dropped, and exits at once; the tests do not read its stdout until then.
const script = (lines: number) => `
import pino from 'pino';
import { serverLogOptions } from './server/lib/log-destination.ts';
const { level, stream } = serverLogOptions('info');
let dropped = 0;
stream.on('drop', (data) => { dropped += data.length; });
const log = pino({ level }, stream);
const filler = 'x'.repeat(1000);
for (let i = 0; i < ${lines}; i++) log.info({ i, filler }, 'line');
process.stderr.write('logged, dropped ' + dropped + '\\n');
process.exit(0);
`;

/** Runs script(lines), its stdout paused until it says it has logged (or 10 s passed): whether it logged before anything was read, its exit code, the lines it wrote and the bytes it dropped. */
async function logInto(lines: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(lines)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pause();
  let read = '';
  child.stdout.on('data', (chunk: Buffer) => { read += chunk.toString(); });
  let stderr = '';
  const logged = new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes('logged')) resolve();
  }));
  const exited = once(child, 'exit');
  const closed = once(child.stdout, 'close');
  // Nothing of stdout has been read (it is paused): a synchronous log would still be waiting here,
  // and would never say so; the deadline is only for that failure.
  let timer: NodeJS.Timeout | undefined;
  const first = await Promise.race([logged.then(() => 'logged'), new Promise((resolve) => { timer = setTimeout(resolve, 10_000, 'still logging'); })]);
  clearTimeout(timer);
  child.stdout.resume();
  const [code] = await exited;
  await closed;
  const written = read.trim().split('\n').map((line) => JSON.parse(line) as { i: number; msg: string });
  return { first, code, lines: written, dropped: Number(/dropped (\d+)/.exec(stderr)?.[1]) };
}

describe('serverLogOptions', () => {
  it('logging does not wait for the reader of stdout, and every line is out when the process exits', async () => {
    // About 4 MB: far more than the pipe and the stream hold unread.
    const { first, code, lines, dropped } = await logInto(LINES);
    expect(first).toBe('logged');
    expect(code).toBe(0);
    expect(dropped).toBe(0);
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: LINES }, (_, i) => i));
    expect(lines.every((line) => line.msg === 'line')).toBe(true);
  }, 30_000);

  it('a reader that does not keep up cannot fill the memory: past MAX_QUEUED bytes waiting, new lines are dropped whole', async () => {
    const many = Math.ceil((MAX_QUEUED * 1.5) / 1000);
    const { first, code, lines, dropped } = await logInto(many);
    expect(first).toBe('logged');
    expect(code).toBe(0);
    expect(dropped).toBeGreaterThan(0);
    // The lines that came out are whole and in order, the first ones all there.
    expect(lines.length).toBeLessThan(many);
    expect(lines.slice(0, 1000).map((line) => line.i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(lines.every((line, k) => k === 0 || line.i > lines[k - 1].i)).toBe(true);
  }, 60_000);
});
