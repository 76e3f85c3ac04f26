/**
 * Backups (issue 34): `npm run backup` taken as an operator would (a child process with the
 * server's environment) while a server process takes writes, then `npm run restore` into a fresh
 * DATA_DIR or database. On embedded PGlite with local uploads (the server dumps its database
 * through DATA_DIR/backup.sock) and on PostgreSQL with an S3 bucket (pg_dump of an exported
 * snapshot; the bucket listed).
 *
 * The writes: members post needs with two images each (multipart, as the SPA sends them), others
 * message each other, and one writer sends numbered messages one after the other (`seq:1`,
 * `seq:2`...; each sent once the previous one was answered). Checked after the restore:
 *  - every table's row count and checksum equal the backup's manifest (computed in the same
 *    transaction as the dump: the state at the backup's point), as `npm run restore` says and as
 *    this test reads again from the restored database;
 *  - the numbered messages are `seq:1..k` with no gap (a consistent point: nothing later without
 *    everything earlier), k at least the count answered before the backup started and at most the
 *    count sent before it ended;
 *  - every uploaded image a restored row refers to is in the restored uploads (PGlite: the
 *    restored DATA_DIR/uploads; S3: the backup's listing and the bucket);
 *  - a restore into that now non-empty target is refused without --force and leaves it as it
 *    was; with --force it replaces it and verifies.
 * On PGlite, a backup with no server running (the command takes DATA_DIR's lock) is checked too.
 * Nothing is skipped: without PostgreSQL's binaries the suite fails, saying so.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../bench/free-port.mjs';
import { pgBinDir, serverInstance, startPostgres, startS3, type ScaleInstance } from '../../../scripts/scale-stack.mjs';
import { readAll, readArchive, readManifest, type BucketObject, type Manifest } from '../../cli/backup-archive.js';
import { loadConfig } from '../../config.js';
import { startPgliteThread } from '../../db/pglite-thread.js';
import { readDatabaseState, type DatabaseState, type RowQuery } from '../../db/table-state.js';
import { createS3Storage } from '../../lib/uploads/s3-storage.js';
import { recordFigures } from '../figures.js';
import { newRegistration } from '../fixtures.js';
import { multipart, SMALL_PNG } from '../multipart.js';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '..', '..', '..');
const pgliteWorker = pathToFileURL(path.join(root, 'server', 'db', 'pglite-worker.mjs'));
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `ns-backup-${name}-`));
  dirs.push(dir);
  return dir;
};
const stops: Array<() => unknown> = [];

afterAll(async () => {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What a server process needs here besides its database: rate limits out of the writers' way, no outside calls. */
const serverEnv = {
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  NOMINATIM_URL: 'http://127.0.0.1:9',
  JWT_SECRET: 'backup-test-secret-'.padEnd(40, 'x'),
  LIMIT_API_PER_MINUTE: '1000000',
  LIMIT_UPLOADS_PER_HOUR: '1000000',
  LIMIT_REGISTRATIONS_PER_HOUR: '1000',
  LIMIT_LOGINS_PER_MINUTE: '1000',
};

/** `npm run <script> -- ...args` as an operator runs it, with the server's environment: exit code, output, seconds. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ code: number | null; stdout: string; stderr: string; seconds: number }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

// --- The writers --------------------------------------------------------------------------------

interface Member { id: string; token: string }

async function api(base: string, method: string, url: string, token?: string, body?: object | { payload: Buffer; headers: Record<string, string> }) {
  const form = body && 'payload' in body ? body : undefined;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(form ? form.headers : body ? { 'content-type': 'application/json' } : {}) },
    body: form ? new Uint8Array(form.payload) : body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function member(base: string): Promise<Member> {
  const registration = newRegistration();
  const registered = await api(base, 'POST', '/api/register', undefined, registration);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  const login = await api(base, 'POST', '/api/login', undefined, { username: registration.username, password: registration.password });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { id: (login.json.user as { _id: string })._id, token: login.json.token as string };
}

const needForm = (n: number) => multipart({
  type: 'need', category: 'Transport', serviceName: `Ride number ${n}`, description: 'Backup test: a need with two images.',
  phone: '+919876543210', email: 'rider@example.com', address: 'Old Manali Road', city: 'Manali', state: 'Himachal Pradesh',
  postalCode: '175131', latitude: '32.2526', longitude: '77.1746',
}, [0, 1].map((i) => ({ name: 'images', bytes: SMALL_PNG, filename: `p${i}.png`, type: 'image/png' })));

/**
 * Needs with images, messages, and the numbered messages, until `stop()`. Any write that is not
 * answered 201 fails the test (the writes are not what is under test, but a failing one would
 * make the checks below weaker than they look).
 */
function startWriters(base: string, members: { poster: Member; sender: Member; receiver: Member }) {
  let running = true;
  const counts = { needs: 0, messages: 0, seqSent: 0, seqAnswered: 0, failures: [] as string[] };
  const check = (what: string, status: number) => {
    if (status !== 201) counts.failures.push(`${what}: ${status}`);
  };
  /** A loop's writes until stop(), or until one throws (the server is gone: the test has failed already). */
  const loop = async (write: () => Promise<boolean>) => {
    try {
      while (running && (await write()));
    } catch (error) {
      counts.failures.push(String(error));
    }
  };
  let n = 0;
  const needs = loop(async () => {
    const { status } = await api(base, 'POST', `/api/create-need/${members.poster.id}`, members.poster.token, await needForm((n += 1)));
    check('need', status);
    if (status === 201) counts.needs += 1;
    return true;
  });
  const messages = Array.from({ length: 3 }, () => loop(async () => {
    const { status } = await api(base, 'POST', `/api/messages/${members.receiver.id}`, members.sender.token, { content: `hello ${randomBytes(4).toString('hex')}` });
    check('message', status);
    if (status === 201) counts.messages += 1;
    return true;
  }));
  const numbered = loop(async () => {
    counts.seqSent += 1;
    const { status } = await api(base, 'POST', `/api/messages/${members.receiver.id}`, members.poster.token, { content: `seq:${counts.seqSent}` });
    check(`seq:${counts.seqSent}`, status);
    if (status !== 201) return false; // the sequence would have a gap of our own making
    counts.seqAnswered += 1;
    return true;
  });
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all([needs, ...messages, numbered]);
    },
  };
}

const waitFor = async (condition: () => boolean, what: string, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

// --- Reading the restored database --------------------------------------------------------------

const UPLOAD_PATH = /\/uploads\/([a-z-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)/g;

/** What the checks read of a restored database: its state, the numbered messages, every upload a row refers to. */
async function inspect(query: RowQuery, transaction: <T>(work: () => Promise<T>) => Promise<T>) {
  const state: DatabaseState = await transaction(() => readDatabaseState(query));
  const numbered = (await query("SELECT content FROM messages WHERE content LIKE 'seq:%'")).map((row) => Number(String(row.content).slice(4)));
  const referenced = new Set<string>();
  for (const { table } of state.tables) {
    const [schema, name] = table.split('.');
    for (const row of await query(`SELECT t::text AS row FROM "${schema}"."${name}" t`)) {
      for (const match of String(row.row).matchAll(UPLOAD_PATH)) referenced.add(match[1]);
    }
  }
  return { state, numbered: numbered.sort((a, b) => a - b), referenced };
}

async function inspectPglite(dataDir: string) {
  const pglite = await startPgliteThread(pgliteWorker, { dir: path.join(dataDir, 'pglite'), maintenanceMs: 0 });
  try {
    let tx: { query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> } | undefined;
    const query: RowQuery = async (sql) => (await (tx ?? pglite).query<Record<string, unknown>>(sql)).rows;
    return await inspect(query, (work) => pglite.transaction(async (transaction) => {
      tx = transaction;
      try {
        return await work();
      } finally {
        tx = undefined;
      }
    }));
  } finally {
    await pglite.close();
  }
}

async function inspectPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const query: RowQuery = async (sql) => (await client.query(sql)).rows;
    return await inspect(query, async (work) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      try {
        return await work();
      } finally {
        await client.query('COMMIT');
      }
    });
  } finally {
    await client.end();
  }
}

/** The checks every run shares (see the header); answers the figures they found. */
function checkRestored(manifest: Manifest, restored: Awaited<ReturnType<typeof inspect>>, writes: { seqAnsweredBefore: number; seqSentBeforeEnd: number }) {
  // Every table, as the manifest has it (the state at the backup's point).
  expect(restored.state.tables).toEqual(manifest.tables);
  expect(restored.state.migrations).toEqual(manifest.database.migrations);
  // The numbered messages: 1..k, no gap, k between what was answered before and sent by the end.
  const k = restored.numbered.length;
  expect(restored.numbered).toEqual(Array.from({ length: k }, (_, i) => i + 1));
  expect(k).toBeGreaterThanOrEqual(writes.seqAnsweredBefore);
  expect(k).toBeLessThanOrEqual(writes.seqSentBeforeEnd);
  // Rows that refer to images exist (the needs' images), so the image check below checks something.
  expect(restored.referenced.size).toBeGreaterThan(0);
  return { k };
}

/** The backup file's s3-objects.json. */
async function bucketListing(file: string): Promise<BucketObject[]> {
  for await (const entry of readArchive(file)) {
    if (entry.name === 's3-objects.json') return JSON.parse((await readAll(entry.body)).toString('utf8')) as BucketObject[];
  }
  throw new Error(`${file} has no s3-objects.json`);
}

const rows = (manifest: Manifest) => manifest.tables.reduce((sum, table) => sum + table.rows, 0);
const tableRows = (manifest: Manifest, table: string) => manifest.tables.find((t) => t.table === table)?.rows ?? 0;

/**
 * A server with writers, `npm run backup` in the middle of them, the server stopped: answers the
 * file, its manifest, and what the writers had done when the backup started and ended.
 */
async function backupUnderWrites(server: ScaleInstance, serverVars: Record<string, string>, outDir: string, during?: () => void) {
  await server.start();
  stops.push(() => server.stop('SIGKILL'));
  const [poster, sender, receiver] = [await member(server.url), await member(server.url), await member(server.url)];
  const writers = startWriters(server.url, { poster, sender, receiver });
  let backup: Awaited<ReturnType<typeof npmRun>>;
  let seqAnsweredBefore: number;
  let seqSentBeforeEnd: number;
  let duringBackup: { needs: number; messages: number };
  try {
    // Writes of every kind already in, and going on.
    await waitFor(() => writers.counts.failures.length > 0 || (writers.counts.needs >= 3 && writers.counts.seqAnswered >= 10 && writers.counts.messages >= 10), 'the first writes');
    during?.();
    seqAnsweredBefore = writers.counts.seqAnswered;
    const before = { ...writers.counts };
    backup = await npmRun('backup', ['--out', outDir], serverVars);
    seqSentBeforeEnd = writers.counts.seqSent;
    duringBackup = {
      needs: writers.counts.needs - before.needs,
      messages: writers.counts.messages - before.messages + writers.counts.seqAnswered - before.seqAnswered,
    };
  } finally {
    await writers.stop();
  }
  expect(writers.counts.failures).toEqual([]);
  expect(backup).toMatchObject({ code: 0, stderr: '' });
  // Writes were answered while the backup ran: it was taken under load, not in a pause.
  expect(duringBackup.messages).toBeGreaterThan(0);
  expect(await server.stop('SIGTERM')).toBe(0);
  const files = readdirSync(outDir).filter((name) => /^need-spot-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/.test(name));
  expect(files).toHaveLength(1);
  const file = path.join(outDir, files[0]);
  return { backup, file, manifest: await readManifest(file), duringBackup, seqAnsweredBefore, seqSentBeforeEnd };
}

beforeAll(() => {
  if (!pgBinDir()) throw new Error('the backup suite cannot run: PostgreSQL\'s binaries are missing (/usr/lib/postgresql/<n>/bin; Debian package postgresql).');
});

describe('npm run backup and npm run restore', () => {
  it('on embedded PGlite: a backup from the running server under writes restores into a fresh DATA_DIR as it was at its point, uploads included', async () => {
    const dataDir = tempDir('pglite-data');
    const vars = { ...serverEnv, DATA_DIR: dataDir };
    const server = serverInstance(root, vars, await freePort());
    const socket = path.join(dataDir, 'backup.sock');
    let socketMode = 0;
    const run = await backupUnderWrites(server, vars, tempDir('pglite-out'), () => (socketMode = statSync(socket).mode & 0o777));
    // Only the server's user may ask it for a copy of the database; the socket goes with the server.
    expect(socketMode).toBe(0o600);
    expect(existsSync(socket)).toBe(false);
    expect(run.backup.stdout).toContain('dumped by the running server');
    expect(run.manifest.database).toMatchObject({ kind: 'pglite', file: 'pglite.tar.gz', from: 'server' });
    expect(run.manifest.uploads.storage).toBe('local');

    // With no server running, the command takes DATA_DIR's lock and dumps the database itself.
    const offlineOut = tempDir('pglite-offline');
    const offline = await npmRun('backup', ['--out', offlineOut], vars);
    expect(offline).toMatchObject({ code: 0, stderr: '' });
    expect(offline.stdout).toContain('dumped by this command (no server was running)');
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    const offlineManifest = await readManifest(path.join(offlineOut, readdirSync(offlineOut)[0]));
    expect(offlineManifest.database.from).toBe('data directory');
    expect(offlineManifest.tables).toEqual((await inspectPglite(dataDir)).state.tables);

    const target = tempDir('pglite-restored');
    const restore = await npmRun('restore', [run.file], { ...serverEnv, DATA_DIR: target });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain("every table's row count and checksum equal the backup's");

    const restored = await inspectPglite(target);
    const { k } = checkRestored(run.manifest, restored, run);
    const uploads = path.join(target, 'uploads');
    const missing = [...restored.referenced].filter((key) => !existsSync(path.join(uploads, key)));
    expect(missing).toEqual([]);

    // The target now holds a database: refused without --force, and left as it was.
    const refused = await npmRun('restore', [run.file], { ...serverEnv, DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Not restoring: ${path.join(target, 'pglite')} and ${uploads} are not empty.`);
    expect(refused.stderr).toContain('--force');
    const after = (await inspectPglite(target)).state;
    expect({ tables: after.tables, migrations: after.migrations }).toEqual({ tables: restored.state.tables, migrations: restored.state.migrations });
    const forced = await npmRun('restore', [run.file, '--force'], { ...serverEnv, DATA_DIR: target });
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(forced.stdout).toContain("every table's row count and checksum equal the backup's");
    expect(readdirSync(target).filter((name) => name.includes('before-restore'))).toEqual([]);

    recordFigures('backup (pglite)', {
      'needs created during the backup': run.duringBackup.needs,
      'messages sent during the backup': run.duringBackup.messages,
      'backup s': Number(run.backup.seconds.toFixed(1)),
      'file MB': Number((statSync(run.file).size / 1024 / 1024).toFixed(1)),
      tables: run.manifest.tables.length,
      rows: rows(run.manifest),
      'needs in backup': tableRows(run.manifest, 'public.needs'),
      'numbered messages in backup (no gap)': k,
      'uploads in backup': run.manifest.uploads.storage === 'local' ? run.manifest.uploads.files.length : 0,
      'images referenced': restored.referenced.size,
      'images missing': missing.length,
      'restore s': Number(restore.seconds.toFixed(1)),
      'tables differing': 0,
    });
  });

  it('on PostgreSQL with an S3 bucket: pg_dump of the snapshot the checksums were read in, the bucket listed; restored into a fresh database', async () => {
    const dir = tempDir('postgres');
    // As root, PostgreSQL runs as the postgres user, which must reach its directory inside this one.
    if (process.getuid?.() === 0) chmodSync(dir, 0o755);
    const postgres = await startPostgres(dir);
    stops.push(() => postgres.stop());
    const s3 = await startS3(dir);
    stops.push(() => s3.stop());
    const vars = { ...serverEnv, DATABASE_URL: `${postgres.url}/postgres`, S3_URL: s3.url, DATA_DIR: tempDir('postgres-data') };
    const run = await backupUnderWrites(serverInstance(root, vars, await freePort()), vars, tempDir('postgres-out'));
    expect(run.manifest.database).toMatchObject({ kind: 'postgres', file: 'postgres.dump', dumpedWith: expect.stringContaining('pg_dump (PostgreSQL)') });
    expect(run.manifest.uploads).toMatchObject({ storage: 's3', bucket: 'need-spot', file: 's3-objects.json' });

    const admin = new pg.Client({ connectionString: `${postgres.url}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE restored');
    await admin.end();
    const restoredUrl = `${postgres.url}/restored`;
    const restoreVars = { ...serverEnv, DATABASE_URL: restoredUrl, S3_URL: s3.url, DATA_DIR: tempDir('postgres-restored') };
    const restore = await npmRun('restore', [run.file], restoreVars);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain("every table's row count and checksum equal the backup's");
    expect(restore.stdout).toContain(`Uploads: ${run.manifest.uploads.storage === 's3' ? run.manifest.uploads.objects : -1} of the`);

    const restored = await inspectPostgres(restoredUrl);
    const { k } = checkRestored(run.manifest, restored, run);
    // Every image a restored row refers to is in the backup's listing of the bucket, and in the bucket.
    const listed = new Set((await bucketListing(run.file)).map((object) => object.key));
    const bucket = await createS3Storage(loadConfig({ S3_URL: s3.url }).s3!);
    const inBucket = new Set((await bucket.list()).map((object) => object.key));
    await bucket.close();
    const missing = [...restored.referenced].filter((key) => !listed.has(key) || !inBucket.has(key));
    expect(missing).toEqual([]);

    const refused = await npmRun('restore', [run.file], restoreVars);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not restoring: the database of DATABASE_URL (');
    expect(refused.stderr).toContain('--force');
    expect((await inspectPostgres(restoredUrl)).state.tables).toEqual(restored.state.tables);
    const forced = await npmRun('restore', [run.file, '--force'], restoreVars);
    expect(forced).toMatchObject({ code: 0, stderr: '' });
    expect(forced.stdout).toContain("every table's row count and checksum equal the backup's");

    recordFigures('backup (postgres + s3)', {
      'needs created during the backup': run.duringBackup.needs,
      'messages sent during the backup': run.duringBackup.messages,
      'backup s': Number(run.backup.seconds.toFixed(1)),
      'file MB': Number((statSync(run.file).size / 1024 / 1024).toFixed(2)),
      tables: run.manifest.tables.length,
      rows: rows(run.manifest),
      'needs in backup': tableRows(run.manifest, 'public.needs'),
      'numbered messages in backup (no gap)': k,
      'bucket objects listed': run.manifest.uploads.storage === 's3' ? run.manifest.uploads.objects : 0,
      'images referenced': restored.referenced.size,
      'images missing': missing.length,
      'restore s': Number(restore.seconds.toFixed(1)),
      'tables differing': 0,
    });
  });
});
