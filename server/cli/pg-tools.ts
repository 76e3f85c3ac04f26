// PostgreSQL's own client programs, which a backup on PostgreSQL runs: pg_dump and pg_restore.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore';

const DEBIAN_BINARIES = '/usr/lib/postgresql';

/**
 * Where `name` is: in PG_BIN_DIR when set; else the newest of Debian's /usr/lib/postgresql/<n>/bin
 * that has it (pg_dump must be at least the server's major version, so the newest is the one to
 * pick: Debian's /usr/bin/pg_dump wrapper picks by the local clusters); else `name` on PATH.
 */
export function pgToolPath(name: PgTool, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PG_BIN_DIR) return path.join(env.PG_BIN_DIR, name);
  if (existsSync(DEBIAN_BINARIES)) {
    const versions = readdirSync(DEBIAN_BINARIES).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(DEBIAN_BINARIES, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** Runs a program to its end; rejects with what it wrote to stderr when it fails. Answers its stdout. */
export function runProgram(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT'
        ? new Error(`${path.basename(file)} was not found (${file}). Install PostgreSQL's client programs (Debian: apt install postgresql-client), or set PG_BIN_DIR to the directory that has them.`)
        : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(file)} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/** `pg_dump --version`: its text (`pg_dump (PostgreSQL) 16.4`) and major version. */
export async function pgToolVersion(file: string): Promise<{ text: string; major: number }> {
  const text = (await runProgram(file, ['--version'])).trim();
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(text)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`Cannot read the version of ${file}: ${text}`);
  return { text, major };
}

/** The major version in a `--version` text (as a manifest records it), or undefined. */
export const majorOf = (text: string | undefined) => {
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(text ?? '')?.[1]);
  return Number.isInteger(major) ? major : undefined;
};

/**
 * DATABASE_URL for libpq's `--dbname`, its password moved to PGPASSWORD: a command line is visible
 * to every user of the machine (`ps`), a process's environment is not.
 */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}
