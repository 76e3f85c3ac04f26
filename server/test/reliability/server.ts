/**
 * One server process for a reliability suite, as production runs it (scripts/scale-stack.mjs's
 * serverInstance: the built bundle through scripts/start.mjs), on embedded PGlite in a temporary
 * DATA_DIR or on a throwaway PostgreSQL server; and a look at its database once it has stopped.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../bench/free-port.mjs';
import { missingBinaries, serverInstance, startPostgres, type ScaleInstance } from '../../../scripts/scale-stack.mjs';

export const root = path.resolve(__dirname, '..', '..', '..');

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

export interface ReliabilityServer {
  server: ScaleInstance;
  base: string;
  dataDir: string;
  databaseUrl?: string;
  /** inspect-database.mjs's arguments for this database. */
  where: string[];
  /** Stops the server (SIGKILL, if still running) and PostgreSQL, and removes the directory. */
  cleanup(): Promise<void>;
}

/**
 * Starts the server on `database`. Its environment: production, a fixed JWT_SECRET (tokens stay
 * valid across restarts), no demo content, quiet logs, no geocoder, and `env` (LIMIT_* to lift the
 * limits a load test would meet).
 */
export async function startServer(database: DatabaseKind, env: Record<string, string> = {}): Promise<ReliabilityServer> {
  if (database === 'PostgreSQL') {
    const missing = missingBinaries({ nginx: false }).filter((line) => line.startsWith('PostgreSQL'));
    if (missing.length > 0) throw new Error(`test:reliability needs ${missing.join('; ')}. .ci/run installs it.`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'need-spot-reliability-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const postgres = database === 'PostgreSQL' ? await startPostgres(dir) : undefined;
  const databaseUrl = postgres && `${postgres.url}/postgres`;
  const server = serverInstance(root, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NOMINATIM_URL: 'http://127.0.0.1:9',
    ...env,
  }, await freePort());
  const cleanup = async () => {
    await server.stop('SIGKILL').catch(() => {});
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.start();
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { server, base: server.url, dataDir, databaseUrl, where: databaseUrl ? ['--url', databaseUrl] : ['--pglite', path.join(dataDir, 'pglite')], cleanup };
}

export interface StatementResult { rows?: Record<string, unknown>[]; error?: string }

/** Runs `statements` on a stopped server's database (inspect-database.mjs), each answering its rows or its error. */
export async function inspectDatabase(where: string[], statements: string[]): Promise<StatementResult[]> {
  const child = spawn(process.execPath, [path.join(__dirname, 'inspect-database.mjs'), ...where], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(JSON.stringify(statements));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`inspect-database exited ${code}: ${stderr}`);
  return JSON.parse(stdout) as StatementResult[];
}

/**
 * amcheck's bt_index_check on every btree index, the catalogs' and TOAST's included, with
 * heapallindexed (every row of each indexed table is looked up in the index: a full scan too).
 * Answers how many indexes were checked; the first corrupt one fails the statement with its name.
 */
export const AMCHECK = [
  'create extension if not exists amcheck',
  `select count(*)::int as checked from (
     select bt_index_check(c.oid::regclass, true) from pg_index i
     join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     where a.amname = 'btree' and c.relpersistence <> 't' and i.indisvalid and i.indisready) s`,
];

/** The lines of a server's output logged at error level or above (pino's JSON lines, level ≥ 50). */
export function loggedErrors(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false; // a line cut off by a kill
    }
  });
}
