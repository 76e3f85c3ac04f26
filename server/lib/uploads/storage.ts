import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HttpError } from '../http-error.js';
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
  /** Overrides of S3_TIMEOUTS (s3-storage.ts); S3_URL sets none, the tests set short ones. */
  timeouts?: Partial<S3Timeouts>;
}

/** How long the bucket may take, and how often a failed call is tried (s3-storage.ts S3_TIMEOUTS). */
export interface S3Timeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number;
  /** From sending the request to the answer's headers, and then any silence while its body streams. */
  requestMs: number;
  /** Tries per call, the first included (the SDK retries timeouts, refused connections and 5xx). */
  maxAttempts: number;
}

/** The answer when the bucket fails or does not answer in time: 503, never a 500 with details, never a hang. */
export const STORAGE_UNAVAILABLE = 'Image storage is not available right now. Please try again later.';

/** A bucket call that failed (timeout, refused connection, an error status): answered as 503 { message }. */
export class StorageUnavailable extends HttpError {
  constructor(readonly cause: unknown) {
    super(503, STORAGE_UNAVAILABLE);
  }

  /** What the log gets of the cause: no request, no headers, no credentials. */
  get reason() {
    const { name, message, code, $metadata } = (this.cause ?? {}) as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    return { name, message, code, status: $metadata?.httpStatusCode };
  }
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
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3);
}
