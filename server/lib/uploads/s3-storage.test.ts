import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseS3Url } from '../../config.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png } from '../../test/multipart.js';

// An S3-compatible server in this process, on loopback (s3rver keeps its objects in a temporary
// directory): the app stores, serves and deletes uploads through the bucket driver (S3_URL).
let directory: string;
let server: S3rver;
let bucket: S3Client;
let t: TestApp;
const BUCKET = 'need-spot';
const PREFIX = 'test/';

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'ns-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const s3 = parseS3Url(`http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/test?region=eu-central-1&forcePathStyle=true`)!;
  bucket = new S3Client({ endpoint: s3.endpoint, region: s3.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  t = await buildTestApp({ config: { s3 } });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

/** The object's bytes in the bucket, or undefined when there is none. */
async function stored(publicPath: string): Promise<Buffer | undefined> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: PREFIX + publicPath.replace(/^\/uploads\//, '') }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function publish(account: Account): Promise<{ _id: string; images: string[] }> {
  const form = await multipart(
    { title: 'Blue hour at Chapora Fort', location: 'Chapora, Goa', category: 'Hidden Gem', description: 'Climb up before sunset.' },
    [{ name: 'images', bytes: png, filename: 'a.png', type: 'image/png' }],
  );
  const response = await t.app.inject({ method: 'POST', url: '/api/whispers', payload: form.payload, headers: { ...form.headers, ...bearer(account.token) } });
  expect(response.statusCode).toBe(201);
  return response.json().whisper;
}

describe('uploads in an S3-compatible bucket (S3_URL)', () => {
  it('an upload is stored in the bucket, not in DATA_DIR, and served from it at the same path with the same headers', async () => {
    const account = await signUp(t.app);
    const form = await multipart({}, [{ name: 'profileImage', bytes: png, filename: 'me.png', type: 'image/png' }]);
    const response = await t.app.inject({ method: 'POST', url: `/api/${account.id}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(account.token) } });
    expect(response.statusCode).toBe(200);
    const imageUrl: string = response.json().imageUrl;
    expect(imageUrl).toMatch(/^\/uploads\/profile\/[0-9a-f-]{36}\.webp$/);

    const bytes = await stored(imageUrl);
    expect(bytes?.toString('latin1', 8, 12)).toBe('WEBP');
    await expect(import('node:fs/promises').then((fs) => fs.access(path.join(t.config.uploadsDir, imageUrl.slice('/uploads/'.length))))).rejects.toThrow();

    const served = await t.app.inject({ url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes!)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes!.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'public, max-age=86400',
    });
    expect(served.headers.etag).toBeTruthy();
    const again = await t.app.inject({ url: imageUrl, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=86400');
    const head = await t.app.inject({ method: 'HEAD', url: imageUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for a missing object and for any path that is not an upload key', async () => {
    for (const url of ['/uploads/profile/00000000-0000-4000-8000-000000000000.webp', '/uploads/../config.json', '/uploads/profile/x.webp', '/uploads/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('deleting a post deletes its objects', async () => {
    const account = await signUp(t.app);
    const whisper = await publish(account);
    expect(await stored(whisper.images[0])).toBeDefined();
    const response = await t.app.inject({ method: 'DELETE', url: `/api/whispers/${whisper._id}`, headers: bearer(account.token) });
    expect(response.json()).toEqual({ status: true, message: 'Whisper deleted' });
    expect(await stored(whisper.images[0])).toBeUndefined();
    expect((await t.app.inject({ url: whisper.images[0] })).statusCode).toBe(404);
  });

  it('deleting an account deletes its objects (profile image and posts), and no one else\'s', async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    const form = await multipart({}, [{ name: 'profileImage', bytes: png, filename: 'me.png', type: 'image/png' }]);
    const profileImage: string = (await t.app.inject({ method: 'POST', url: `/api/${account.id}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(account.token) } })).json().imageUrl;
    const own = await publish(account);
    const others = await publish(other);

    const response = await t.app.inject({ method: 'DELETE', url: `/api/delete-user/${account.id}`, headers: bearer(account.token) });
    expect(response.statusCode).toBe(200);
    expect(await stored(profileImage)).toBeUndefined();
    expect(await stored(own.images[0])).toBeUndefined();
    expect(await stored(others.images[0])).toBeDefined();
  });
});

describe('parseS3Url', () => {
  it('reads endpoint, bucket, key prefix, region, credentials and path style', () => {
    expect(parseS3Url('https://AKIA%2FX:se%2Bcret@s3.example.net:9000/bucket/a/b?region=eu-west-1&forcePathStyle=true')).toEqual({
      endpoint: 'https://s3.example.net:9000', bucket: 'bucket', prefix: 'a/b/', region: 'eu-west-1',
      accessKeyId: 'AKIA/X', secretAccessKey: 'se+cret', forcePathStyle: true,
    });
    expect(parseS3Url('https://k:s@s3.amazonaws.com/b')).toMatchObject({ prefix: '', region: 'us-east-1', forcePathStyle: false });
    expect(parseS3Url(undefined)).toBeUndefined();
  });

  it('refuses a URL without credentials or bucket', () => {
    expect(() => parseS3Url('https://s3.example.net/bucket')).toThrow(/access key and secret/);
    expect(() => parseS3Url('https://k:s@s3.example.net/')).toThrow(/bucket/);
    expect(() => parseS3Url('ftp://k:s@s3.example.net/b')).toThrow(/https/);
  });
});
