import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string) {
    super(`Another Need Spot server is already using ${dir}. Stop it first, or set DATA_DIR to another directory.`);
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite takes no lock on its directory and two processes on it corrupt it (stack-notes P15), so the
 * server holds DATA_DIR/.lock while it runs. The lock's mtime is refreshed every 5 s and a lock left
 * by a crashed process counts as stale after 10 s. Resolves to the release function.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  try {
    return await lockfile.lock(dir, {
      lockfilePath: path.join(dir, '.lock'),
      stale: 10_000,
      update: 5_000,
      retries: 0,
      onCompromised,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw error;
  }
}
