import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseS3Url } from '../../config.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { multipart, SMALL_PNG as png } from '../../test/multipart.js';
import { createS3Storage } from './s3-storage.js';
import { STORAGE_UNAVAILABLE, StorageUnavailable, type S3Config } from './storage.js';

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

  it('lists the objects under its prefix by upload key, with size and ETag (what npm run backup records)', async () => {
    const storage = await createS3Storage(t.config.s3!);
    try {
      const key = 'whispers/00000000-0000-4000-8000-00000000b0c0.webp';
      await storage.put(key, png, 'image/webp');
      await bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'elsewhere/not-ours.webp', Body: png }));
      const listed = await storage.list();
      expect(listed).toContainEqual({ key, bytes: png.length, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/), lastModified: expect.any(String) });
      // Keys without the prefix, and nothing from outside it.
      expect(listed.every((object) => !object.key.startsWith(PREFIX) && !object.key.startsWith('elsewhere/'))).toBe(true);
    } finally {
      await storage.close();
    }
  });
});

/** A bucket that accepts connections and never answers a byte, on loopback; counts the connections. */
async function startSilentBucket() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const silent = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      silent.close(() => resolve());
    }),
  };
}

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const SHORT = { connectMs: 200, requestMs: 300, maxAttempts: 2 };
const bucketAt = (port: number): S3Config => ({
  ...parseS3Url(`http://k:s@127.0.0.1:${port}/${BUCKET}?region=eu-central-1&forcePathStyle=true`)!, timeouts: SHORT,
});

/** The promise's rejection and how long it took. */
async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected the call to fail');
}

describe('a bucket that does not answer (request timeout, bounded retries)', () => {
  let silent: Awaited<ReturnType<typeof startSilentBucket>>;
  beforeAll(async () => {
    silent = await startSilentBucket();
  });
  afterAll(() => silent?.close());

  it('a put, a get and a delete each fail with StorageUnavailable (503) after maxAttempts tries, not hang', async () => {
    const storage = await createS3Storage(bucketAt(silent.port));
    try {
      for (const call of [
        () => storage.put('profile/00000000-0000-4000-8000-000000000000.webp', png, 'image/webp'),
        () => storage.get('profile/00000000-0000-4000-8000-000000000000.webp'),
        () => storage.remove('profile/00000000-0000-4000-8000-000000000000.webp'),
      ]) {
        const before = silent.connections();
        const { error, ms } = await failure(call);
        expect(error).toBeInstanceOf(StorageUnavailable);
        expect(error).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE });
        expect((error as StorageUnavailable).reason).toMatchObject({ name: 'TimeoutError' });
        // Two tries of 300 ms each plus the SDK's backoff: far below a hang, and tried exactly twice.
        expect(ms).toBeGreaterThanOrEqual(2 * SHORT.requestMs - 50);
        expect(ms).toBeLessThan(3_000);
        expect(silent.connections() - before).toBe(SHORT.maxAttempts);
      }
    } finally {
      await storage.close();
    }
  });

  it('a refused connection fails the same way, at once', async () => {
    const storage = await createS3Storage(bucketAt(await closedPort()));
    try {
      const { error, ms } = await failure(() => storage.put('profile/00000000-0000-4000-8000-000000000000.webp', png, 'image/webp'));
      expect(error).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE });
      expect(ms).toBeLessThan(3_000);
    } finally {
      await storage.close();
    }
  });

  describe('through the app', () => {
    let hung: TestApp;
    beforeAll(async () => {
      hung = await buildTestApp({ config: { s3: bucketAt(silent.port) } });
    }, SETUP_TIMEOUT);
    afterAll(() => hung?.close());

    it('an upload answers 503 { message } and changes nothing; a proxied image answers 503 { message }', async () => {
      const account = await signUp(hung.app);
      const form = await multipart({}, [{ name: 'profileImage', bytes: png, filename: 'me.png', type: 'image/png' }]);
      const started = performance.now();
      const upload = await hung.app.inject({ method: 'POST', url: `/api/${account.id}/upload`, payload: form.payload, headers: { ...form.headers, ...bearer(account.token) } });
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      expect(performance.now() - started).toBeLessThan(5_000);
      const user = (await hung.app.inject({ url: `/api/user/${account.id}`, headers: bearer(account.token) })).json().user;
      expect(user.profileImage).toBe('');

      const whisper = await multipart(
        { title: 'Blue hour', location: 'Chapora, Goa', category: 'Hidden Gem', description: 'Climb up before sunset.' },
        [{ name: 'images', bytes: png, filename: 'a.png', type: 'image/png' }],
      );
      const post = await hung.app.inject({ method: 'POST', url: '/api/whispers', payload: whisper.payload, headers: { ...whisper.headers, ...bearer(account.token) } });
      expect(post.statusCode).toBe(503);
      expect(post.json()).toEqual({ message: STORAGE_UNAVAILABLE });

      for (const method of ['GET', 'HEAD'] as const) {
        const served = await hung.app.inject({ method, url: '/uploads/profile/00000000-0000-4000-8000-000000000000.webp' });
        expect([method, served.statusCode]).toEqual([method, 503]);
        if (method === 'GET') expect(served.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      }
    });
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
