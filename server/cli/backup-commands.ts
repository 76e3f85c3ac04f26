// `npm run backup` and `npm run restore`: what they do, apart from reading their arguments
// (server/cli/backup.ts, server/cli/restore.ts). README "Backups" is the operator's side of it.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import pg from 'pg';
import type { Config } from '../config.js';
import { startPgliteThread } from '../db/pglite-thread.js';
import { compareTables, readDatabaseState, snapshotPglite, type DatabaseState, type RowQuery } from '../db/table-state.js';
import { backupSocketPath, requestBackup } from '../lib/backup-socket.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { createStorage } from '../lib/uploads/storage.js';
import type { BucketObject, S3Storage } from '../lib/uploads/s3-storage.js';
import {
  ArchiveWriter, BackupError, BUCKET_LISTING, fileSha256, FORMAT, FORMAT_VERSION, MANIFEST, PGLITE_DUMP, POSTGRES_DUMP, readAll, readArchive,
  readManifest, sha256, UPLOADS, type Manifest, type UploadFile,
} from './backup-archive.js';
import { libpqTarget, majorOf, pgToolPath, pgToolVersion, runProgram } from './pg-tools.js';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

export { BackupError };

export type Log = (line: string) => void;

const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'pglite');

/** `2026-11-27T18-04-05Z`: a file name's time, sortable, with no colons (which some systems refuse). */
const stamp = (iso: string) => `${iso.slice(0, 19).replaceAll(':', '-')}Z`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const rowsIn = (tables: Manifest['tables']) => tables.reduce((sum, table) => sum + table.rows, 0);

/** Runs `work` holding DATA_DIR's lock, as a server would: no server can start on it meanwhile. */
async function withDataDirLock<T>(config: Config, refusal: string, work: () => Promise<T>): Promise<T> {
  let lost: Error | undefined;
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir, (error) => (lost = error));
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(refusal);
    throw error;
  }
  try {
    const result = await work();
    if (lost) throw new Error(`Lost the lock on ${config.dataDir} meanwhile (${lost.message}): another process may have opened the database.`);
    return result;
  } finally {
    await release().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOptions {
  /** Where the file goes (made if missing). */
  outDir: string;
  /** Embedded PGlite's thread (db/pglite-worker.mjs), for a backup with no server running. */
  pgliteWorker: URL;
  log: Log;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

interface DatabasePart {
  state: DatabaseState;
  manifest: Omit<Manifest['database'], 'bytes' | 'sha256' | 'migrations'>;
  /** Adds the dump to the archive; answers its size and checksum. */
  write(archive: ArchiveWriter): Promise<{ bytes: number; sha256: string }>;
}

/** PGlite: asked of the running server (lib/backup-socket.ts); with none, read from DATA_DIR under its lock. */
async function pglitePart(config: Config, options: BackupOptions): Promise<DatabasePart> {
  let snapshot = await requestBackup(config.dataDir);
  let from: 'server' | 'data directory' = 'server';
  if (!snapshot) {
    const dir = pgliteDirOf(config);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dir}: nothing to back up. Is DATA_DIR (or DATABASE_URL) set as the server has it?`);
    from = 'data directory';
    snapshot = await withDataDirLock(config, `A Need Spot server holds ${config.dataDir} but does not answer on ${backupSocketPath(config.dataDir)}: `
      + 'it is starting (try again once it is ready), or it is of a version without backups (stop it, then run the backup again).', async () => {
      const pglite = await startPgliteThread(options.pgliteWorker, { dir, maintenanceMs: 0 });
      try {
        const { state, dump } = await snapshotPglite(pglite);
        return { state, dump: Buffer.from(dump) };
      } finally {
        await pglite.close();
      }
    });
  }
  options.log(`Database: the embedded PGlite's data directory, dumped by ${from === 'server' ? 'the running server' : 'this command (no server was running)'} at ${snapshot.state.takenAt}.`);
  const compressed = await gzip(snapshot.dump);
  return {
    state: snapshot.state,
    manifest: { kind: 'pglite', file: PGLITE_DUMP, from },
    async write(archive) {
      await archive.add(PGLITE_DUMP, compressed);
      return { bytes: compressed.length, sha256: sha256(compressed) };
    },
  };
}

/**
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot; the tables' state is read in it
 * and pg_dump dumps that same snapshot (`--snapshot`) while the transaction stays open, so both
 * are of one point, whatever is written meanwhile.
 */
async function postgresPart(config: Config, workDir: string, options: BackupOptions): Promise<DatabasePart> {
  const file = path.join(workDir, POSTGRES_DUMP);
  const client = new pg.Client({ connectionString: config.databaseUrl });
  client.on('error', () => {}); // a dropped connection fails the statement that waits on it
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [{ snapshot, version, versionNumber }] = (await client.query<{ snapshot: string; version: string; versionNumber: number }>(
      "SELECT pg_export_snapshot() AS snapshot, current_setting('server_version') AS version, current_setting('server_version_num')::int AS \"versionNumber\"",
    )).rows;
    const state = await readDatabaseState(async (sql) => (await client.query(sql)).rows);
    const pgDump = pgToolPath('pg_dump');
    const tool = await pgToolVersion(pgDump);
    const serverMajor = Math.floor(versionNumber / 10000);
    if (tool.major < serverMajor) {
      throw new BackupError(`${tool.text} (${pgDump}) cannot dump a PostgreSQL ${serverMajor} server: pg_dump must be of the server's major version or newer. `
        + `Install PostgreSQL ${serverMajor}'s client programs (Debian: apt install postgresql-client-${serverMajor}), or set PG_BIN_DIR to their directory.`);
    }
    const { dbname, env } = libpqTarget(config.databaseUrl!);
    await runProgram(pgDump, ['--format=custom', `--snapshot=${snapshot}`, '--no-sync', `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query('COMMIT');
    options.log(`Database: PostgreSQL ${version}, dumped by ${tool.text} at ${state.takenAt}.`);
    return {
      state,
      manifest: { kind: 'postgres', file: POSTGRES_DUMP, serverVersion: version, dumpedWith: tool.text },
      async write(archive) {
        const { size } = await stat(file);
        await archive.addFile(POSTGRES_DUMP, file, size);
        return { bytes: size, sha256: await fileSha256(file) };
      },
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every file under `dir`, as keys relative to it (`<kind>/<file>`), sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The local uploads, copied after the database's point: every image a row of the backup refers to
 * was stored before its row committed, so it is there, unless it was deleted since (its row deleted
 * or its picture replaced after the point). Images stored after the point come along unreferenced.
 */
async function copyUploads(dir: string, archive: ArchiveWriter): Promise<UploadFile[]> {
  const files: UploadFile[] = [];
  for (const key of await filesUnder(dir)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since it was listed
      throw error;
    }
    await archive.add(`${UPLOADS}${key}`, bytes);
    files.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return files;
}

async function bucketOf(config: Config): Promise<S3Storage> {
  return (await createStorage(config)) as S3Storage;
}

/** The bucket's objects, listed (not copied: the bucket keeps its own versions and replicas). */
async function listBucket(config: Config): Promise<BucketObject[]> {
  const bucket = await bucketOf(config);
  try {
    return await bucket.list();
  } catch (error) {
    const reason = (error as { reason?: { message?: string } }).reason?.message ?? (error as Error).message;
    throw new BackupError(`Cannot list the bucket of S3_URL (${config.s3!.endpoint}, bucket ${config.s3!.bucket}): ${reason}`);
  } finally {
    await bucket.close();
  }
}

/** A name not taken in `dir`: `need-spot-backup-<time>.tar`, or with `-2`, `-3`... for a second one within the second. */
function freeName(dir: string, time: string): string {
  for (let n = 1; ; n += 1) {
    const file = path.join(dir, `need-spot-backup-${stamp(time)}${n === 1 ? '' : `-${n}`}.tar`);
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
  }
}

/**
 * Writes one backup file into `options.outDir`: manifest.json, the database (pglite.tar.gz or
 * postgres.dump), and uploads/… or s3-objects.json. It is written as `<name>.partial` and renamed
 * once complete and synced, so a file with the final name is always whole.
 */
export async function takeBackup(config: Config, options: BackupOptions): Promise<BackupResult> {
  const outDir = path.resolve(options.outDir);
  await mkdir(outDir, { recursive: true });
  const workDir = await mkdtemp(path.join(outDir, '.need-spot-backup-'));
  let partial: string | undefined;
  try {
    const database = config.databaseUrl ? await postgresPart(config, workDir, options) : await pglitePart(config, options);
    const file = freeName(outDir, database.state.takenAt);
    partial = `${file}.partial`;
    const archive = new ArchiveWriter(partial);
    const dump = await database.write(archive);
    let uploads: Manifest['uploads'];
    if (config.s3) {
      const objects = await listBucket(config);
      await archive.add(BUCKET_LISTING, Buffer.from(JSON.stringify(objects, null, 1)));
      const { endpoint, bucket, prefix } = config.s3;
      uploads = { storage: 's3', endpoint, bucket, prefix, file: BUCKET_LISTING, objects: objects.length, bytes: objects.reduce((sum, object) => sum + object.bytes, 0) };
      options.log(`Uploads: ${objects.length} objects of bucket ${bucket} listed (${megabytes(uploads.bytes)}); the bucket's own versioning or replication keeps their bytes.`);
    } else {
      const files = await copyUploads(config.uploadsDir, archive);
      uploads = { storage: 'local', files };
      options.log(`Uploads: ${files.length} files copied from ${config.uploadsDir} (${megabytes(files.reduce((sum, f) => sum + f.bytes, 0))}).`);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      takenAt: database.state.takenAt,
      finishedAt: new Date().toISOString(),
      database: { ...database.manifest, ...dump, migrations: database.state.migrations },
      tables: database.state.tables,
      uploads,
    };
    await archive.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
    await archive.finish();
    await rename(partial, file);
    partial = undefined;
    const { size } = await stat(file);
    return { file, bytes: size, manifest };
  } finally {
    if (partial) await rm(partial, { force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOptions {
  /** Replace a target that is not empty (refused otherwise). */
  force: boolean;
  pgliteWorker: URL;
  log: Log;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What differs from the backup, one sentence each: empty when the restore is verified. */
  differences: string[];
  /** Notes the operator should read (an S3 bucket not checked, what was moved aside...). */
  notes: string[];
}

const isEmptyDir = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

/** Directories moved aside by --force: put back if the restore fails, deleted once it is verified. */
class Aside {
  private readonly moved: Array<{ dir: string; aside: string }> = [];

  async move(dir: string, time: string) {
    const aside = `${dir}.before-restore-${stamp(time)}`;
    await rename(dir, aside);
    this.moved.push({ dir, aside });
  }

  async putBack() {
    for (const { dir, aside } of this.moved.reverse()) {
      await rm(dir, { recursive: true, force: true });
      await rename(aside, dir);
    }
  }

  async drop() {
    for (const { aside } of this.moved) await rm(aside, { recursive: true, force: true });
  }

  get paths() {
    return this.moved.map(({ aside }) => aside);
  }
}

/** Compares the restored tables with the manifest's and says how it went. */
function verify(manifest: Manifest, state: DatabaseState, log: Log): string[] {
  const differences = compareTables(manifest.tables, state.tables);
  if (differences.length === 0) {
    log(`Verified: ${manifest.tables.length} tables, ${rowsIn(manifest.tables)} rows; every table's row count and checksum equal the backup's.`);
  }
  return differences;
}

/**
 * Restores the uploads of a backup with local files (a second pass over the file, once the database
 * is restored): into DATA_DIR/uploads, or into the bucket of S3_URL. Each is checked against the
 * manifest's checksum first.
 */
async function restoreUploads(config: Config, file: string, manifest: Manifest, log: Log): Promise<string[]> {
  if (manifest.uploads.storage !== 'local') return [];
  const expected = new Map(manifest.uploads.files.map((upload) => [upload.key, upload]));
  const differences: string[] = [];
  const storage = await createStorage(config);
  let restored = 0;
  try {
    for await (const entry of readArchive(file)) {
      if (!entry.name.startsWith(UPLOADS)) continue;
      const key = entry.name.slice(UPLOADS.length);
      const upload = expected.get(key);
      if (!upload) continue; // not in the manifest: not ours to restore
      expected.delete(key);
      // A key is a path under the uploads: one that would reach outside them is not written.
      if (path.posix.isAbsolute(key) || key.split('/').some((part) => part === '..' || part === '')) {
        differences.push(`upload ${key}: not a path inside the uploads, not restored`);
        continue;
      }
      const bytes = await readAll(entry.body);
      if (sha256(bytes) !== upload.sha256) {
        differences.push(`upload ${key}: damaged in the file (its checksum differs from the manifest's)`);
        continue;
      }
      await storage.put(key, bytes, 'image/webp');
      restored += 1;
    }
  } finally {
    await storage.close();
  }
  for (const key of expected.keys()) differences.push(`upload ${key}: missing from the file`);
  log(`Uploads: ${restored} of ${manifest.uploads.files.length} files restored into ${config.s3 ? `bucket ${config.s3.bucket}` : config.uploadsDir}.`);
  return differences;
}

/**
 * The database's dump from the file, checked against the manifest's checksum (in memory, or
 * streamed into `toFile`: a PostgreSQL dump may be large); and the bucket's listing, if any.
 */
async function readDatabaseEntries(file: string, manifest: Manifest, toFile?: string): Promise<{ dump?: Buffer; listing?: BucketObject[] }> {
  let dump: Buffer | undefined;
  let digest: string | undefined;
  let listing: BucketObject[] | undefined;
  for await (const entry of readArchive(file)) {
    if (entry.name === manifest.database.file) {
      if (toFile) {
        const hash = createHash('sha256');
        const out = createWriteStream(toFile, { mode: 0o600 });
        for await (const chunk of entry.body) {
          hash.update(chunk);
          if (!out.write(chunk)) await once(out, 'drain');
        }
        out.end();
        await finished(out);
        digest = hash.digest('hex');
      } else {
        dump = await readAll(entry.body);
        digest = sha256(dump);
      }
    } else if (entry.name === BUCKET_LISTING) {
      listing = JSON.parse((await readAll(entry.body)).toString('utf8')) as BucketObject[];
    }
  }
  if (digest === undefined) throw new Error(`${file} has no ${manifest.database.file}: the file is incomplete or damaged.`);
  if (digest !== manifest.database.sha256) throw new Error(`${manifest.database.file} in ${file} is damaged (its checksum differs from the manifest's).`);
  return { dump, listing };
}

/** A backup of the bucket's listing: which of its objects the bucket of S3_URL has. */
async function checkBucket(config: Config, manifest: Manifest, listing: BucketObject[] | undefined, notes: string[], log: Log): Promise<string[]> {
  if (manifest.uploads.storage !== 's3') return [];
  const { bucket } = manifest.uploads;
  if (!listing) return [`${BUCKET_LISTING}: missing from the file`];
  if (!config.s3) {
    notes.push(`The uploads were in S3 bucket ${bucket} (the backup lists its ${listing.length} objects, it does not hold them): set S3_URL to that bucket, or to one restored from its versioning or replication, and run the restore again to check it.`);
    return [];
  }
  const present = new Map((await listBucket(config)).map((object) => [object.key, object]));
  const missing = listing.filter((object) => present.get(object.key)?.bytes !== object.bytes);
  log(`Uploads: ${listing.length - missing.length} of the ${listing.length} objects the backup lists are in bucket ${config.s3.bucket}.`);
  return missing.slice(0, 20).map((object) => `upload ${object.key}: not in bucket ${config.s3!.bucket} (or of another size)`)
    .concat(missing.length > 20 ? [`... and ${missing.length - 20} more objects missing from the bucket`] : []);
}

/** The database's Need Spot tables (its schemas public and drizzle), by name. */
async function needSpotTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>("SELECT schemaname || '.' || tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1");
  return rows.map((row) => row.name);
}

const postgresState = async (client: pg.Client) => {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    return await readDatabaseState((async (sql) => (await client.query(sql)).rows) as RowQuery);
  } finally {
    await client.query('COMMIT');
  }
};

/**
 * Restores a backup file into DATA_DIR (PGlite) or DATABASE_URL's database (PostgreSQL), and its
 * uploads, then reads the restored tables' state and compares it with the manifest's.
 */
export async function restoreBackup(config: Config, file: string, options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await readManifest(file);
  const { log } = options;
  const notes: string[] = [];
  const uploadCount = manifest.uploads.storage === 'local' ? `${manifest.uploads.files.length} upload files` : `${manifest.uploads.objects} bucket objects listed`;
  log(`Restoring ${path.basename(file)}: ${manifest.database.kind === 'pglite' ? 'embedded PGlite' : `PostgreSQL ${manifest.database.serverVersion}`} database of ${manifest.takenAt}, `
    + `${manifest.tables.length} tables, ${rowsIn(manifest.tables)} rows, ${uploadCount}.`);
  if (manifest.database.kind === 'pglite' && config.databaseUrl) {
    throw new BackupError('This is a backup of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR. (It cannot be restored into PostgreSQL.)');
  }
  if (manifest.database.kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError('This is a backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into. (It cannot be restored into the embedded database.)');
  }
  const localUploads = manifest.uploads.storage === 'local';

  /** Local uploads go into DATA_DIR/uploads: it must be empty too (or be replaced, with --force). */
  async function uploadsTarget(): Promise<string[]> {
    if (!localUploads) return [];
    if (config.s3) {
      const bucket = await bucketOf(config);
      try {
        return (await bucket.list()).length > 0 ? [`bucket ${config.s3.bucket} (S3_URL) has objects`] : [];
      } finally {
        await bucket.close();
      }
    }
    return (await isEmptyDir(config.uploadsDir)) ? [] : [config.uploadsDir];
  }

  const refuse = (what: string[]) => new BackupError(`Not restoring: ${what.join(' and ')} ${what.length > 1 ? 'are' : 'is'} not empty. `
    + 'Restore into an empty DATA_DIR or database, or run the restore again with --force to replace what is there.');

  if (manifest.database.kind === 'pglite') {
    return withDataDirLock(config, `A Need Spot server (or another command) is using ${config.dataDir}: stop it first. A restore replaces its database.`, async () => {
      const dir = pgliteDirOf(config);
      const occupied = [...((await isEmptyDir(dir)) ? [] : [dir]), ...(await uploadsTarget())];
      if (occupied.length > 0 && !options.force) throw refuse(occupied);
      const aside = new Aside();
      let verified = false;
      try {
        const now = new Date().toISOString();
        if (!(await isEmptyDir(dir))) await aside.move(dir, now);
        if (localUploads && !config.s3 && !(await isEmptyDir(config.uploadsDir))) await aside.move(config.uploadsDir, now);
        const { dump, listing } = await readDatabaseEntries(file, manifest);
        await mkdir(dir, { recursive: true });
        const tar = await gunzip(dump!);
        const pglite = await startPgliteThread(options.pgliteWorker, { dir, dump: tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.length) as ArrayBuffer, maintenanceMs: 0 });
        let state: DatabaseState;
        try {
          state = await pglite.transaction((tx) => readDatabaseState(async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows));
        } finally {
          await pglite.close();
        }
        log(`Database: restored into ${dir}.`);
        const differences = [
          ...verify(manifest, state, log),
          ...(await restoreUploads(config, file, manifest, log)),
          ...(await checkBucket(config, manifest, listing, notes, log)),
        ];
        verified = true;
        if (differences.length === 0) await aside.drop();
        else if (aside.paths.length > 0) notes.push(`What was there before is kept in ${aside.paths.join(' and ')}.`);
        return { manifest, differences, notes };
      } catch (error) {
        if (!verified) {
          await rm(dir, { recursive: true, force: true });
          await aside.putBack();
        }
        throw error;
      }
    });
  }

  // PostgreSQL
  const client = new pg.Client({ connectionString: config.databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'need-spot-restore-'));
  try {
    const tables = await needSpotTables(client);
    const occupied = [
      ...(tables.length > 0 ? [`the database of DATABASE_URL (${tables.length} Need Spot tables: ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', ...' : ''})`] : []),
      ...(await uploadsTarget()),
    ];
    if (occupied.length > 0 && !options.force) throw refuse(occupied);
    const pgRestore = pgToolPath('pg_restore');
    const tool = await pgToolVersion(pgRestore);
    const dumpMajor = majorOf(manifest.database.dumpedWith);
    if (dumpMajor !== undefined && tool.major < dumpMajor) {
      throw new BackupError(`${tool.text} (${pgRestore}) cannot read a dump made by ${manifest.database.dumpedWith}: pg_restore must be as new as the pg_dump that made it. `
        + `Install PostgreSQL ${dumpMajor}'s client programs (Debian: apt install postgresql-client-${dumpMajor}), or set PG_BIN_DIR to their directory.`);
    }
    const dumpFile = path.join(workDir, POSTGRES_DUMP);
    const { listing } = await readDatabaseEntries(file, manifest, dumpFile);
    const { dbname, env } = libpqTarget(config.databaseUrl!);
    // One transaction: a restore that fails leaves the database as it was. --clean (with --force)
    // drops the backup's objects that exist before making them again. Owners and grants are left
    // out: the objects belong to DATABASE_URL's user, as the server's migrations would make them.
    await runProgram(pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges',
      ...(options.force ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`, dumpFile], env);
    log('Database: restored into the database of DATABASE_URL.');
    // --force: the uploads directory is moved aside as on the embedded database (the database,
    // restored already, cannot be put back: the aside is kept when the uploads fail).
    const aside = new Aside();
    if (localUploads && !config.s3 && !(await isEmptyDir(config.uploadsDir))) await aside.move(config.uploadsDir, new Date().toISOString());
    let uploadDifferences: string[];
    try {
      uploadDifferences = await restoreUploads(config, file, manifest, log);
    } catch (error) {
      if (aside.paths.length === 0) throw error;
      throw new Error(`${(error as Error).message} (the uploads that were there are kept in ${aside.paths.join(' and ')})`, { cause: error });
    }
    const differences = [
      ...verify(manifest, await postgresState(client), log),
      ...uploadDifferences,
      ...(await checkBucket(config, manifest, listing, notes, log)),
    ];
    if (differences.length === 0) await aside.drop();
    else if (aside.paths.length > 0) notes.push(`What was there before is kept in ${aside.paths.join(' and ')}.`);
    return { manifest, differences, notes };
  } finally {
    await client.end().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  }
}
