import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const images = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'images');

export interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
  width: number;
  height: number;
}

/**
 * A real photo-sized picture for an upload: one of the app's own illustrations (public/images, SVG,
 * which the server refuses) drawn at `width` pixels as JPEG, PNG or WebP, the formats it takes.
 */
export async function picture(file: string, format: 'jpeg' | 'png' | 'webp', width: number): Promise<Picture> {
  const buffer = await sharp(path.join(images, file)).resize({ width }).toFormat(format).toBuffer();
  const { height = 0 } = await sharp(buffer).metadata();
  const name = `${path.basename(file, '.svg')}.${format === 'jpeg' ? 'jpg' : format}`;
  return { name, mimeType: `image/${format}`, buffer, width, height };
}
