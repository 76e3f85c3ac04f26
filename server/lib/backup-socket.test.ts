import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgliteSnapshot } from '../db/table-state.js';
import { backupSocketPath, requestBackup, serveBackups } from './backup-socket.js';

// The server's side of `npm run backup` on the embedded database (lib/backup-socket.ts), with a
// stand-in for the database's snapshot: what the file is, who may use it, what crosses it.
const log = { info: jest.fn(), warn: jest.fn() };
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ns-backup-socket-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const state: PgliteSnapshot['state'] = {
  takenAt: '2026-11-27T18:04:05.000Z',
  tables: [{ table: 'public.needs', rows: 2, checksum: '42' }],
  migrations: { applied: 18, newestAt: 1 },
};
const dumpOf = (bytes: number) => new Uint8Array(bytes).map((_, i) => i % 251).buffer;

/** The first line a raw connection that sends `line` is answered. */
function ask(line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.createConnection(backupSocketPath(dataDir), () => socket.write(line));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer.split('\n')[0]));
    socket.on('error', reject);
  });
}

describe('the backup socket in DATA_DIR', () => {
  it('replaces a file left by a killed server, is for the server user alone (0600), and goes at close', async () => {
    writeFileSync(backupSocketPath(dataDir), 'left over');
    // A file that is not a listening socket: the command finds no server to ask.
    await expect(requestBackup(dataDir)).resolves.toBeUndefined();
    const close = await serveBackups(dataDir, async () => ({ state, dump: dumpOf(10) }), log);
    const stats = statSync(backupSocketPath(dataDir));
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o600);
    await close();
    expect(existsSync(backupSocketPath(dataDir))).toBe(false);
    await expect(requestBackup(dataDir)).resolves.toBeUndefined();
  });

  it('answers `backup` with the state and every byte of the dump', async () => {
    const close = await serveBackups(dataDir, async () => ({ state, dump: dumpOf(3_000_000) }), log);
    try {
      const answer = await requestBackup(dataDir);
      expect(answer?.state).toEqual(state);
      expect(answer?.dump.equals(Buffer.from(dumpOf(3_000_000)))).toBe(true);
    } finally {
      await close();
    }
  });

  it('takes one backup at a time, refuses anything else, and passes on why a dump failed', async () => {
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    let calls = 0;
    const close = await serveBackups(dataDir, async () => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      await slow;
      return { state, dump: dumpOf(10) };
    }, log);
    try {
      const first = requestBackup(dataDir);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(requestBackup(dataDir)).rejects.toThrow('A backup is being taken already: try again once it is done.');
      finish();
      await expect(first).resolves.toMatchObject({ state });
      expect(JSON.parse(await ask('restore\n'))).toEqual({ error: 'Unknown request (this server answers "backup").' });
      await expect(requestBackup(dataDir)).rejects.toThrow('The server could not dump its database: disk full');
      // Free again after a failure.
      await expect(requestBackup(dataDir)).resolves.toMatchObject({ state });
    } finally {
      await close();
    }
  });

  it('closes at once though a client connected and said nothing', async () => {
    const close = await serveBackups(dataDir, async () => ({ state, dump: dumpOf(10) }), log);
    const silent = net.createConnection(backupSocketPath(dataDir));
    silent.on('error', () => {});
    await new Promise((resolve) => silent.once('connect', resolve));
    const started = performance.now();
    await close();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
