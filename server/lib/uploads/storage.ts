import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Storage } from './s3-storage.js';

/** An S3-compatible bucket (config.ts reads it from S3_URL). */
export interface S3Config {
  /** `https://host:port` (no path): the S3 API's address. */
  endpoint: string;
  bucket: string;
  /** Prepended to every key (`''` or ending in `/`), for a bucket shared with other data. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
}

/** A stored upload, read for serving. */
export interface StoredObject {
  body: Readable;
  contentType?: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * Where uploads live. Keys are `<kind>/<uuid>.webp`, the part of the public path `/uploads/<key>`
 * after `/uploads/` (images.ts makes and checks them; nothing else reaches a driver).
 */
export interface UploadStorage {
  readonly driver: 'local' | 's3';
  /** Stores new bytes under a new key (never replaces an object: keys are random UUIDs). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the object; a missing one is no error. */
  remove(key: string): Promise<void>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

/** What a conditional GET answers when the client's copy is current. */
export const NOT_MODIFIED = Symbol('not modified');

/** The local directory (the default): `<dir>/<kind>/<file>`, served by @fastify/static as before. */
export class LocalStorage implements UploadStorage {
  readonly driver = 'local';
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = path.join(this.dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
  }

  async remove(key: string): Promise<void> {
    await rm(path.join(this.dir, key), { force: true });
  }

  async close(): Promise<void> {}
}

/**
 * The driver the configuration asks for: the bucket when S3_URL is set, else the local directory.
 * The AWS SDK is loaded only for the bucket (a server on the local directory never needs it).
 */
export async function createStorage(config: { uploadsDir: string; s3?: S3Config }): Promise<LocalStorage | S3Storage> {
  if (!config.s3) return new LocalStorage(config.uploadsDir);
  const { S3Storage: Driver } = await import('./s3-storage.js');
  return new Driver(config.s3);
}
