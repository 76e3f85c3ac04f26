import { readFile, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string) {
    super(`Another Need Spot server is already using ${dir}. Stop it first, or set DATA_DIR to another directory.`);
    this.name = 'DataDirLockedError';
  }
}

export interface LockTiming {
  /** A lock not refreshed for this long counts as abandoned. */
  staleMs: number;
  /** How often the holder refreshes it. */
  updateMs: number;
}

// Long enough that a live server never loses its lock while a busy event loop is late to refresh it
// (PGlite run on the server's own thread blocks it for a long query or a checkpoint); a crashed
// server's lock is taken over at once anyway (ownerIsGone).
const defaultTiming: LockTiming = { staleMs: 5 * 60_000, updateMs: 10_000 };

interface Owner {
  pid: number;
  host: string;
}

/** The directories this process holds locked (resolved paths). */
const held = new Set<string>();

/** True when `pid` is a zombie: it has exited (a kill -9) and its parent has not collected it yet. Linux's /proc; elsewhere false. */
async function isZombie(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ...": the command may hold spaces and parentheses, the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** True when the lock's owner was a process on this machine that no longer runs (a crash, a kill -9). */
async function ownerIsGone(ownerFile: string, dir: string): Promise<boolean> {
  let owner: Owner;
  try {
    owner = JSON.parse(await readFile(ownerFile, 'utf8')) as Owner;
  } catch {
    return false; // unknown owner: only the stale time can tell
  }
  if (owner.host !== os.hostname() || !Number.isInteger(owner.pid)) return false;
  // This process's own pid: its lock if it holds the directory; otherwise that of an earlier process
  // that had the same pid and is gone. A restarted container gives its server the same pid (and
  // host name) again and again, and would otherwise be refused until the lock went stale.
  if (owner.pid === process.pid) return !held.has(dir);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  // Signalled, yet it may have exited: a killed process stays a zombie until its parent (the
  // supervisor restarting it) collects it, and a zombie holds no file open.
  return isZombie(owner.pid);
}

/**
 * PGlite takes no lock on its directory and two processes on it corrupt it, so the server holds
 * DATA_DIR/.lock while it runs (refreshed every `updateMs`). A lock whose owner process is gone is
 * taken over at once, so a restart after a crash never waits; otherwise a lock counts as abandoned
 * only after `staleMs`. When the lock is lost anyway (its directory removed, the disk gone, a refresh
 * late past the stale time), `onCompromised` runs: the server must stop before another process opens
 * the same database. Resolves to the release function.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
  timing: LockTiming = defaultTiming,
): Promise<() => Promise<void>> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lockfilePath = path.join(dir, '.lock');
  const ownerFile = path.join(dir, '.lock-owner');
  const take = () => lockfile.lock(dir, {
    lockfilePath, stale: timing.staleMs, update: timing.updateMs, retries: 0, realpath: false, onCompromised,
  });
  let release: () => Promise<void>;
  try {
    try {
      release = await take();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || !(await ownerIsGone(ownerFile, dir))) throw error;
      await rm(lockfilePath, { recursive: true, force: true });
      release = await take(); // a process starting at the same moment may still win: ELOCKED
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dir);
    throw error;
  }
  held.add(dir);
  await writeFile(ownerFile, JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies Owner));
  return async () => {
    await rm(ownerFile, { force: true });
    await release();
    held.delete(dir);
  };
}
