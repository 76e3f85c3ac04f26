import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { countWithFallback, KEY_PREFIX, localCounter, type SharedCounter } from '../lib/shared-limits.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { login, randomIp, register } from '../test/fixtures.js';
import { startNominatimStub } from '../test/nominatim-stub.js';

describe('counting on one instance', () => {
  it('counts each key in the current window, and starts again when it ends', () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const count = localCounter();
      expect([count('a', 1000), count('a', 1000), count('b', 1000)]).toEqual([
        { current: 1, ttl: 1000 }, { current: 2, ttl: 1000 }, { current: 1, ttl: 1000 },
      ]);
      jest.advanceTimersByTime(1000);
      expect(count('a', 1000)).toEqual({ current: 1, ttl: 1000 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('while Redis fails, counts on this instance instead of letting everything through or refusing it', async () => {
    const failures: unknown[] = [];
    const down: SharedCounter = {
      hit: () => Promise.reject(new Error('Stream isn\'t writeable')),
      turn: () => Promise.reject(new Error('Stream isn\'t writeable')),
      failed: (error) => failures.push(error),
      close: async () => {},
    };
    const count = countWithFallback(down);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await count('api:10.0.0.1', 60_000)).current);
    expect(counts).toEqual([1, 2, 3]);
    expect(failures).toHaveLength(3);
  });
});

// Two instances on one database and one Redis, as behind a load balancer: every per-minute limit
// holds for both together. Defined when TEST_REDIS_URL is set (.ci/run starts a Redis for the server
// tests); without one there is nothing to share the counts through. Every request comes from a
// random address: other test files count in the same Redis, from 127.0.0.1.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) describe('two instances on one Redis', () => {
  const limits = { loginPerMinute: 5, apiPerMinute: 10, geoPerMinute: 3, socketHandshakesPerMinute: 3, geoUpstreamIntervalMs: 0 };
  let stub: Awaited<ReturnType<typeof startNominatimStub>>;
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;
  const urls: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stub = await startNominatimStub();
    // Handshakes come from loopback with X-Forwarded-For naming the address to count.
    const config = { redisUrl, nominatimUrl: stub.url, trustProxy: '127.0.0.1' };
    first = await buildTestApp({ config, limits });
    second = await buildTestApp({ config, limits, db: first.db });
    for (const instance of [first, second]) {
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`);
    }
    redis = new Redis(redisUrl);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await second?.close();
    await first?.close();
    await stub?.close();
    await redis?.quit();
  });

  /** Each of `count` requests to the instances in turn; their status codes. */
  async function inTurn(count: number, send: (instance: TestApp) => Promise<{ statusCode: number }>) {
    const codes = [];
    for (let i = 0; i < count; i++) codes.push((await send(i % 2 === 0 ? first : second)).statusCode);
    return codes;
  }

  it('the login limit: past 5 a minute from one address, the next is refused whichever instance gets it', async () => {
    const ip = randomIp();
    const tryLogin = ({ app }: TestApp) => login(app, `nobody_${Date.now()}`, 'wrong-pass', ip);
    expect(await inTurn(5, tryLogin)).toEqual([401, 401, 401, 401, 401]);
    expect(await inTurn(2, tryLogin)).toEqual([429, 429]);
    // Another address is not affected.
    expect((await login(second.app, 'nobody', 'wrong-pass', randomIp())).statusCode).toBe(401);
  });

  it('the API limit: past 10 a minute from one address, refused on both', async () => {
    const ip = randomIp();
    const get = ({ app }: TestApp) => app.inject({ method: 'GET', url: '/api/notifications', remoteAddress: ip });
    expect(await inTurn(10, get)).toEqual(Array(10).fill(401));
    expect(await inTurn(2, get)).toEqual([429, 429]);
  });

  it('the geocoding limit: past 3 lookups a minute from one address, refused on both', async () => {
    const ip = randomIp();
    const lookUp = ({ app }: TestApp) => app.inject({ url: '/api/geo/search?q=Goa', remoteAddress: ip });
    expect(await inTurn(3, lookUp)).toEqual([200, 200, 200]);
    const refused = await inTurn(2, lookUp);
    expect(refused).toEqual([429, 429]);
  });

  it('the handshake allowance: past 3 a minute from one address, refused on both', async () => {
    const { body } = await register(first.app);
    const { token } = (await login(first.app, body.username, body.password, randomIp())).json() as { token: string };
    const address = randomIp();
    const open = (url: string) => {
      const socket = connect(url, {
        path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true,
        extraHeaders: { 'x-forwarded-for': address },
      });
      sockets.push(socket);
      return new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', () => resolve(false));
      });
    };
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await open(urls[i % 2]));
    expect(tries).toEqual([true, true, true, false, false]);
  });

  it('keeps each limit under a key of its own', async () => {
    const ip = randomIp();
    await login(first.app, 'nobody', 'wrong-pass', ip);
    await first.app.inject({ url: '/api/geo/search?q=Goa', remoteAddress: ip });
    const keys = (await redis.keys(`${KEY_PREFIX}*${ip}`)).sort();
    // The login route is limited by its own count only; a lookup by the API's and geocoding's.
    expect(keys).toEqual([`${KEY_PREFIX}api:${ip}`, `${KEY_PREFIX}made:geo:${ip}`, `${KEY_PREFIX}route:POST /api/login:${ip}`]);
  });
});

// Nominatim asks one request a second of the whole deployment, not of each instance.
if (redisUrl) describe('the geocoder\'s pace, shared by two instances through Redis', () => {
  let stub: Awaited<ReturnType<typeof startNominatimStub>>;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    stub = await startNominatimStub();
    const config = { redisUrl, nominatimUrl: stub.url };
    const limits = { geoUpstreamIntervalMs: 200, geoPerMinute: 100 };
    first = await buildTestApp({ config, limits });
    second = await buildTestApp({ config, limits, db: first.db });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await stub?.close();
  });

  it('upstream requests from both instances start 200 ms apart, not 200 ms apart on each', async () => {
    const lookUp = ({ app }: TestApp, place: string) => app.inject({ url: `/api/geo/search?q=${place}`, remoteAddress: randomIp() });
    const answers = await Promise.all([
      lookUp(first, 'pace-a'), lookUp(second, 'pace-b'), lookUp(first, 'pace-c'), lookUp(second, 'pace-d'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const starts = stub.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(starts).toHaveLength(4);
    // Each instance alone would start its two 200 ms apart, and both at once: two pairs within
    // milliseconds. What the stub sees also holds each request's way there (tens of ms when busy).
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(150);
  });
});
