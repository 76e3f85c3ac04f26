import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ns-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const ignore = () => {};

describe('lockDataDir', () => {
  it('refuses a second lock on the same directory with the clear message', async () => {
    const release = await lockDataDir(dir, ignore);
    try {
      await expect(lockDataDir(dir, ignore)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(path.join(dir, '.'), ignore)).rejects.toThrow(
        `Another Need Spot server is already using ${path.resolve(dir)}. Stop it first, or set DATA_DIR to another directory.`,
      );
    } finally {
      await release();
    }
  });

  it('can be taken again once released, and creates the directory', async () => {
    const nested = path.join(dir, 'a', 'b');
    const release = await lockDataDir(nested, ignore);
    expect(existsSync(path.join(nested, '.lock'))).toBe(true);
    await release();
    expect(existsSync(path.join(nested, '.lock'))).toBe(false);
    const again = await lockDataDir(nested, ignore);
    await again();
  });

  it('takes over at once the fresh lock of a process that died (a restart after a crash)', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await mkdir(path.join(dir, '.lock'));
    await writeFile(path.join(dir, '.lock-owner'), JSON.stringify({ pid: Number(dead.stdout), host: os.hostname() }));
    const release = await lockDataDir(dir, ignore);
    await release();
  });

  it('takes over at once the lock of a process that has the same pid as this one (a restarted container) but not the lock', async () => {
    await mkdir(path.join(dir, '.lock'));
    await writeFile(path.join(dir, '.lock-owner'), JSON.stringify({ pid: process.pid, host: os.hostname() }));
    const release = await lockDataDir(dir, ignore);
    // Held now by this process: a second lock here is refused, as from any other.
    await expect(lockDataDir(dir, ignore)).rejects.toThrow(DataDirLockedError);
    await release();
  });

  it('takes over at once the lock of a killed process its parent has not collected yet (a zombie)', async () => {
    // bash starts `sleep 0` in the background, prints its pid, and becomes `sleep 5`, which never
    // collects it: once `sleep 0` exits it is a zombie, which a signal 0 still finds.
    const parent = spawn('bash', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = (await once(parent.stdout!, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      for (let tries = 0; !(await readFile(`/proc/${zombie}/stat`, 'utf8')).match(/\) Z/); tries++) {
        if (tries > 100) throw new Error(`${zombie} never became a zombie`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(() => process.kill(zombie, 0)).not.toThrow();
      await mkdir(path.join(dir, '.lock'));
      await writeFile(path.join(dir, '.lock-owner'), JSON.stringify({ pid: zombie, host: os.hostname() }));
      const release = await lockDataDir(dir, ignore);
      await release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('keeps refusing while the owner lives, however long it stays quiet (no short stale time)', async () => {
    await mkdir(path.join(dir, '.lock'));
    await writeFile(path.join(dir, '.lock-owner'), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    await expect(lockDataDir(dir, ignore)).rejects.toThrow(DataDirLockedError);
  });

  it('reports a lost lock (its directory removed) so the server can stop', async () => {
    const lost = new Promise<Error>((resolve) => {
      void lockDataDir(dir, resolve, { staleMs: 2000, updateMs: 1000 }).then(async () => {
        await rm(path.join(dir, '.lock'), { recursive: true, force: true });
      });
    });
    await expect(lost).resolves.toMatchObject({ code: 'ECOMPROMISED' });
  }, 10_000);
});
