import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ns-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('refuses a second lock on the same directory with the clear message', async () => {
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(path.join(dir, '.'))).rejects.toThrow(
        `Another Need Spot server is already using ${path.resolve(dir)}. Stop it first, or set DATA_DIR to another directory.`,
      );
    } finally {
      await release();
    }
  });

  it('can be taken again once released, and creates the directory', async () => {
    const nested = path.join(dir, 'a', 'b');
    const release = await lockDataDir(nested);
    expect(existsSync(path.join(nested, '.lock'))).toBe(true);
    await release();
    expect(existsSync(path.join(nested, '.lock'))).toBe(false);
    const again = await lockDataDir(nested);
    await again();
  });
});
