import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NOT_MODIFIED, type S3Config, type StoredObject, type UploadStorage } from './storage.js';

/** An S3-compatible bucket through the AWS SDK v3; images are proxied by the server (static-files.ts). */
export class S3Storage implements UploadStorage {
  readonly driver = 's3';
  private readonly client: S3Client;

  constructor(private readonly s3: S3Config) {
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's newer default (CRC32 headers on every
      // PutObject, checked on every GET) is not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string) {
    return this.s3.prefix + key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key), Body: bytes, ContentType: contentType }));
  }

  async remove(key: string): Promise<void> {
    // S3's DeleteObject succeeds for a missing key.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key) }));
  }

  /** The object, `undefined` when there is none, NOT_MODIFIED when `ifNoneMatch` still matches it. */
  async get(key: string, ifNoneMatch?: string): Promise<StoredObject | undefined | typeof NOT_MODIFIED> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: this.key(key), IfNoneMatch: ifNoneMatch }));
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
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
