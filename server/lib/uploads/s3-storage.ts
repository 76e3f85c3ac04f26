import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { NOT_MODIFIED, StorageUnavailable, type S3Config, type S3Timeouts, type StoredObject, type UploadStorage } from './storage.js';

/**
 * The SDK waits forever by default (no connection or request timeout), so a bucket that accepts
 * connections and never answers would hold every upload and every proxied image until the client
 * gave up. A store on the same network or in the same region connects in milliseconds and answers
 * an image-sized PUT or GET well within a second: 3 s to connect, 5 s to the answer's headers (and
 * at most 5 s of silence while a body streams), two tries (the SDK's default is three, with
 * backoff). A call then fails within about 10 s (2 × 5 s plus the backoff), well inside the
 * server's own 30 s request timeout, and answers 503 (StorageUnavailable).
 */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, requestMs: 5_000, maxAttempts: 2 };

/**
 * The bucket's driver, the AWS SDK loaded for it. The SDK is imported here, only when a bucket is
 * configured, not at the top of this module: an ES bundle without chunks (dist-server/main.mjs was
 * one) hoists every package that a bundled module imports statically to its own top, so a static
 * import loaded the SDK in every server, one on the local directory too, for about 0.4 s of CPU of
 * each start (measured: a restart after a crash waits for it). Loaded here, it stays out of a
 * start whatever the bundler does with this module.
 */
export async function createS3Storage(s3: S3Config): Promise<S3Storage> {
  return new S3Storage(s3, await import('@aws-sdk/client-s3'));
}

/** An object of the bucket, as a listing gives it. */
export interface BucketObject {
  /** The upload's key (`<kind>/<uuid>.webp`), without S3_URL's prefix. */
  key: string;
  bytes: number;
  etag: string;
  lastModified?: string;
}

/** An S3-compatible bucket through the AWS SDK v3; images are proxied by the server (static-files.ts). */
export class S3Storage implements UploadStorage {
  readonly driver = 's3';
  private readonly client: S3Sdk.S3Client;

  constructor(private readonly s3: S3Config, private readonly sdk: typeof S3Sdk) {
    const timeouts = { ...S3_TIMEOUTS, ...s3.timeouts };
    this.client = new sdk.S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's newer default (CRC32 headers on every
      // PutObject, checked on every GET) is not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: timeouts.maxAttempts,
      // @smithy/node-http-handler's options. Without throwOnRequestTimeout the request timeout only
      // logs a warning; socketTimeout bounds a stalled body once the headers have come.
      requestHandler: {
        connectionTimeout: timeouts.connectMs,
        requestTimeout: timeouts.requestMs,
        throwOnRequestTimeout: true,
        socketTimeout: timeouts.requestMs,
      },
    });
  }

  private key(key: string) {
    return this.s3.prefix + key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key), Body: bytes, ContentType: contentType }));
    } catch (error) {
      throw new StorageUnavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      // S3's DeleteObject succeeds for a missing key.
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key) }));
    } catch (error) {
      throw new StorageUnavailable(error);
    }
  }

  /** The object, `undefined` when there is none, NOT_MODIFIED when `ifNoneMatch` still matches it. */
  async get(key: string, ifNoneMatch?: string): Promise<StoredObject | undefined | typeof NOT_MODIFIED> {
    try {
      const object = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key), IfNoneMatch: ifNoneMatch }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType,
        contentLength: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 304) return NOT_MODIFIED;
      if (status === 404) return undefined;
      throw new StorageUnavailable(error);
    }
  }

  /** Every object under the prefix, by key (the prefix left out): what `npm run backup` lists of the bucket. */
  async list(): Promise<BucketObject[]> {
    const objects: BucketObject[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: this.s3.prefix || undefined, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          objects.push({ key: object.Key!.slice(this.s3.prefix.length), bytes: object.Size ?? 0, etag: object.ETag ?? '', lastModified: object.LastModified?.toISOString() });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw new StorageUnavailable(error);
    }
    return objects;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
