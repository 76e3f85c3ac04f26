// The backup file: one plain tar (its big parts are compressed already: the PGlite dump is gzipped,
// pg_dump's custom format compresses itself, images are WebP), written and read as a stream by
// tar-stream, so neither side holds the uploads or a PostgreSQL dump in memory.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import tar from 'tar-stream';
import type { DatabaseState, TableState } from '../db/table-state.js';
import type { BucketObject } from '../lib/uploads/s3-storage.js';

export const MANIFEST = 'manifest.json';
export const PGLITE_DUMP = 'pglite.tar.gz';
export const POSTGRES_DUMP = 'postgres.dump';
export const BUCKET_LISTING = 's3-objects.json';
export const UPLOADS = 'uploads/';
export const FORMAT = 'need-spot-backup';
export const FORMAT_VERSION = 1;

export interface UploadFile {
  /** The storage key, `<kind>/<uuid>.webp` (in the archive under `uploads/`). */
  key: string;
  bytes: number;
  sha256: string;
}

/** manifest.json: what the file holds, and the state a restore must reproduce. */
export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  /** The database's point: its tables, the dump and the checksums are of this moment. */
  takenAt: string;
  /** When the file was complete (the uploads are copied after the database's point). */
  finishedAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    /** The entry holding it: pglite.tar.gz (PGlite's data directory) or postgres.dump (pg_dump's custom format). */
    file: typeof PGLITE_DUMP | typeof POSTGRES_DUMP;
    bytes: number;
    sha256: string;
    migrations: DatabaseState['migrations'];
    /** PostgreSQL: the server's version and the pg_dump that wrote the dump (pg_restore must be as new). */
    serverVersion?: string;
    dumpedWith?: string;
    /** PGlite: whether the running server dumped it or this command opened the data directory itself. */
    from?: 'server' | 'data directory';
  };
  tables: TableState[];
  uploads: { storage: 'local'; files: UploadFile[] }
    | { storage: 's3'; endpoint: string; bucket: string; prefix: string; file: typeof BUCKET_LISTING; objects: number; bytes: number };
}

/** A refusal or a problem the operator can act on (a non-empty target, a running server, a wrong file...): printed as it is, no stack. */
export class BackupError extends Error {}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes a tar file entry by entry; `finish` ends it and syncs it to disk. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;

  constructor(private readonly file: string) {
    const out = createWriteStream(file, { flags: 'wx' });
    this.pack.pipe(out);
    this.written = finished(out);
    // A failed write fails the pack's entries too, rather than leaving them waiting.
    out.on('error', (error) => this.pack.destroy(error));
  }

  add(name: string, bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pack.entry({ name, size: bytes.length, mode: 0o600, mtime: new Date() }, bytes, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** A file from disk, streamed; `bytes` is its size, which the tar header comes before. */
  async addFile(name: string, file: string, bytes: number): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      const sink = this.pack.entry({ name, size: bytes, mode: 0o600, mtime: new Date() }, (error) => (error ? reject(error) : resolve()));
      const source = createReadStream(file);
      source.on('error', (error) => sink.destroy(error));
      source.pipe(sink);
    });
    await done;
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
    const handle = await open(this.file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Its bytes, to read once; an entry not read is skipped. */
  body: AsyncIterable<Buffer>;
}

/** The file's entries in order, each read (or skipped) before the next comes. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const input = createReadStream(file);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    for await (const entry of extract) {
      let read = false;
      const body = (async function* () {
        read = true;
        for await (const chunk of entry) yield chunk as Buffer;
      })();
      yield { name: entry.header.name, size: entry.header.size, body };
      if (!read) entry.resume();
    }
  } finally {
    input.destroy(); // a reader that stopped early (it found what it wanted)
  }
}

export async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The manifest of a backup file; a clear error when the file is not one. */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  try {
    for await (const entry of readArchive(file)) {
      if (entry.name === MANIFEST) manifest = JSON.parse((await readAll(entry.body)).toString('utf8')) as Manifest;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${file} does not exist.`, { cause: error });
    throw new BackupError(`${file} is not a Need Spot backup, or is damaged: ${(error as Error).message}`, { cause: error });
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not a Need Spot backup (it has no ${MANIFEST} of ours).`);
  if (manifest.version !== FORMAT_VERSION) throw new BackupError(`${file} is a backup of format ${manifest.version}; this version of Need Spot reads format ${FORMAT_VERSION}.`);
  return manifest;
}

export type { BucketObject };
