import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { buildTestApp, SETUP_TIMEOUT, useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount } from '../../test/fixtures.js';
import { multipart, type FilePart } from '../../test/multipart.js';

const t = useTestApp();
const user = useAccount(t);

const NOT_AN_IMAGE = { message: 'Please select an image file' };
const exif = { IFD0: { Make: 'SpyCam', Copyright: 'secret owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } };
const photo = (format: 'png' | 'jpeg', width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })[format]().withExif(exif).toBuffer();

async function upload(files: FilePart[], token = user.token, id = user.id) {
  const form = await multipart({}, files);
  return t.app.inject({ method: 'POST', url: `/api/${id}/upload`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}
const image = (bytes: Buffer, filename = 'photo.png', type = 'image/png') => [{ name: 'profileImage', bytes, filename, type }];
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

describe('POST /api/:id/upload', () => {
  it('stores a PNG re-encoded: WebP, at most 1600 px, no EXIF or GPS, under a random name, served with nosniff', async () => {
    const input = await photo('png');
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const response = await upload(image(input, '../../evil name.png'));
    expect(response.statusCode).toBe(200);
    const { success, imageUrl, user: updated } = response.json();
    expect(success).toBe(true);
    expect(imageUrl).toMatch(/^\/uploads\/profile\/[0-9a-f-]{36}\.webp$/);
    expect(updated).toMatchObject({ _id: user.id, profileImage: imageUrl });
    const served = await t.app.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('SpyCam')).toBe(false);
    expect((await t.app.inject({ url: `/api/user/${user.id}` })).json().user.profileImage).toBe(imageUrl);
  });

  it('turns a JPEG upright by its EXIF orientation, and deletes the image it replaces', async () => {
    const before = (await upload(image(await photo('png', 10, 10)))).json().imageUrl as string;
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa3300' } })
      .jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const response = await upload(image(sideways, 'photo.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);
    const after = response.json().imageUrl as string;
    expect(await sharp(fileOf(after)).metadata()).toMatchObject({ width: 200, height: 300 });
    expect(existsSync(fileOf(before))).toBe(false);
    expect(existsSync(fileOf(after))).toBe(true);
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes: text named .png, SVG, a GIF, a broken PNG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]);
    for (const [bytes, name, type] of [[Buffer.from('hello'), 'notes.png', 'image/png'], [svg, 'logo.svg', 'image/svg+xml'], [gif, 'a.gif', 'image/gif'], [broken, 'b.png', 'image/png']] as const) {
      const response = await upload(image(bytes, name, type));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NOT_AN_IMAGE);
    }
  });

  it('413 Image size should be less than 5MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await upload(image(big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Image size should be less than 5MB' });
  });

  it('400 without a file, with another field name, or without multipart; 403 for another user', async () => {
    expect((await upload([])).json()).toEqual(NOT_AN_IMAGE);
    expect((await upload([{ name: 'avatar', bytes: await photo('png', 4, 4), filename: 'a.png' }])).json()).toEqual({ message: 'Unexpected field: avatar' });
    const json = await t.app.inject({ method: 'POST', url: `/api/${user.id}/upload`, headers: bearer(user.token), payload: { profileImage: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(NOT_AN_IMAGE);
    const other = await signUp(t.app);
    expect((await upload(image(await photo('png', 4, 4)), other.token)).statusCode).toBe(403);
  });
});

describe('upload abuse', () => {
  it('refuses an image over 25 megapixels before decoding it', async () => {
    const huge = await sharp({ create: { width: 5200, height: 5000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    const response = await upload(image(huge));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NOT_AN_IMAGE);
  });

  it('limits uploads per user', async () => {
    const limited = await buildTestApp({ limits: { uploadsPerUser: 2 } });
    try {
      const me = await signUp(limited.app);
      const small = await photo('png', 8, 8);
      const send = async () => {
        const form = await multipart({}, image(small));
        return limited.app.inject({ method: 'POST', url: `/api/${me.id}/upload`, headers: { ...bearer(me.token), ...form.headers }, payload: form.payload });
      };
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many uploads. Please try again later.' });
    } finally {
      await limited.close();
    }
  }, SETUP_TIMEOUT);
});
