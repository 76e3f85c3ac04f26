import { randomUUID } from 'node:crypto';
import type Sharp from 'sharp';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { badRequest, fieldError, HttpError, tooManyRequests } from '../http-error.js';
import { limitKeys } from '../limit-keys.js';
import { takeHits } from '../quota.js';
import type { UploadStorage } from './storage.js';

export const NOT_AN_IMAGE = 'Please select an image file';

/** Decompression bombs stop here: an image over 25 megapixels (a 6000 x 4000 photo fits) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 25_000_000;
export const TOO_MANY_UPLOADS = 'Too many uploads. Please try again later.';

/** Counts one image upload against the user's hourly allowance (decoding and re-encoding cost CPU); 429 past it. */
export async function countUpload(db: Db, limits: Limits, userId: string): Promise<void> {
  await takeHits(db, [{ key: limitKeys.uploadsByUser(userId), max: limits.uploadsPerUser, windowMs: limits.uploadWindowMs }],
    () => tooManyRequests(TOO_MANY_UPLOADS));
}
const MAX_SIDE = 1600;

// sharp loads libvips, about 25 MB of resident memory: loaded by the first upload, not by every
// server that starts (one that only relays messages never needs it). So a broken sharp install
// shows on the first upload (a 500, logged), not at start.
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

type ImageType = 'jpeg' | 'png' | 'webp';

/** The image type by its first bytes; the file name and the declared type are never trusted. SVG is never one. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Re-encodes an uploaded image and stores it under a random name as `<kind>/<uuid>.webp` in the
 * upload storage (the local directory or the bucket, storage.ts): turned
 * upright by its EXIF orientation, at most 1600 px a side, as WebP with no metadata (sharp drops
 * EXIF, GPS and ICC unless told to keep them), so nothing but pixels from the upload is ever served.
 * Resolves to the public path `/uploads/<kind>/<file>`; 400 'Please select an image file' otherwise.
 */
export async function saveImage(storage: UploadStorage, kind: string, bytes: Buffer): Promise<string> {
  if (!/^[a-z-]+$/.test(kind)) throw new Error(`bad upload kind: ${kind}`);
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(NOT_AN_IMAGE);
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    // The decoder must agree with the sniffed type (a PNG header on other data is not a PNG).
    if ((await image.metadata()).format !== type) throw new Error('format mismatch');
    output = await image
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  const key = `${kind}/${randomUUID()}.webp`;
  await storage.put(key, output, 'image/webp');
  return `/uploads/${key}`;
}

const storedUpload = /^\/uploads\/([a-z-]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp)$/;

/** The storage key (`<kind>/<uuid>.webp`) of a public path saveImage made; undefined for any other. */
export function uploadKey(publicPath: string): string | undefined {
  const match = storedUpload.exec(publicPath);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** Deletes a file saveImage stored; any other path (stock images, '') is left alone. */
export async function removeUpload(storage: UploadStorage, publicPath: string): Promise<void> {
  const key = uploadKey(publicPath);
  if (key) await storage.remove(key);
}

/** Deletes every file saveImage stored among `publicPaths`, one at a time (a few per record). */
export async function removeUploads(storage: UploadStorage, publicPaths: readonly string[]): Promise<void> {
  for (const publicPath of publicPaths) await removeUpload(storage, publicPath);
}

/** What `write` resolves to; when it fails, the files saved for it are removed first (no row names them). */
export async function removedOnFailure<T>(storage: UploadStorage, saved: readonly string[], write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    await removeUploads(storage, saved);
    throw error;
  }
}

export interface ImageBatch {
  storage: UploadStorage;
  /** The key's first segment (the folder of the local driver), as saveImage takes it. */
  kind: string;
  /** Name the form field of a file that is not an image in the 400 (the forms mark that field). */
  nameField?: boolean;
}

/**
 * Stores a form's images, field by field in form order, each re-encoded (saveImage); they were
 * counted against the user's upload allowance as they arrived (readForm). If any fails (a file that
 * is not an image), the files stored so far are removed again, so a refused form leaves nothing.
 */
export async function saveImages<F extends string>(batch: ImageBatch, files: Record<F, Buffer[]>): Promise<Record<F, string[]>> {
  const fields = Object.keys(files) as F[];
  const saved = Object.fromEntries(fields.map((field) => [field, [] as string[]])) as Record<F, string[]>;
  try {
    for (const field of fields) {
      for (const bytes of files[field]) {
        try {
          saved[field].push(await saveImage(batch.storage, batch.kind, bytes));
        } catch (error) {
          if (batch.nameField && error instanceof HttpError && error.statusCode === 400) throw fieldError(400, error.message, field);
          throw error;
        }
      }
    }
  } catch (error) {
    await removeUploads(batch.storage, fields.flatMap((field) => saved[field]));
    throw error;
  }
  return saved;
}
