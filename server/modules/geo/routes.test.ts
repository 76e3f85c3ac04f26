import { reverseAnswer, searchAnswer } from '../../../mocks/fixtures/geo';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { startNominatimStub } from '../../test/nominatim-stub.js';

let t: TestApp;
let stub: Awaited<ReturnType<typeof startNominatimStub>>;
beforeAll(async () => {
  stub = await startNominatimStub();
  t = await buildTestApp({ config: { nominatimUrl: stub.url }, limits: { geoUpstreamIntervalMs: 200, geoTimeoutMs: 300 } });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});
beforeEach(() => {
  stub.mode = 'ok';
  stub.requests.length = 0;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/geo/${url}`, headers });
const UPSTREAM_FAILED = { message: 'Error fetching location details' };

describe('GET /api/geo/reverse', () => {
  it('answers the address parts, name and coordinates, asking Nominatim as the policy wants', async () => {
    const response = await get('reverse?lat=15.4989&lon=73.8278', { 'accept-language': 'pt-PT,pt;q=0.9' });
    expect(response.statusCode).toBe(200);
    // The answer the SPA's MSW handlers give (mocks/fixtures/geo.ts), so the two cannot drift apart.
    expect(response.json()).toEqual(reverseAnswer);
    expect(reverseAnswer.address).toMatchObject({ city: 'Panaji', state: 'Goa' });
    const [sent] = stub.requests;
    expect(sent.path).toBe('/reverse');
    expect(Object.fromEntries(sent.query)).toEqual({ format: 'jsonv2', addressdetails: '1', lat: '15.498900', lon: '73.827800' });
    expect(sent.headers['user-agent']).toMatch(/^Need Spot/);
    // The primary language only: one cache entry per language, whatever the browser's header.
    expect(sent.headers['accept-language']).toBe('pt');
  });

  it('serves repeats from the cache, and concurrent identical lookups share one upstream request', async () => {
    await get('reverse?lat=10&lon=20');
    await get('reverse?lat=10.0000001&lon=20');
    expect(stub.requests).toHaveLength(1);
    const answers = await Promise.all([1, 2, 3].map(() => get('reverse?lat=11&lon=21')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(stub.requests).toHaveLength(2);
  });

  it('spaces upstream requests (here 200 ms apart)', async () => {
    await Promise.all([get('reverse?lat=12&lon=22'), get('reverse?lat=13&lon=23'), get('search?q=spacing')]);
    // The spacer starts them 200 ms apart (geocoder.test.ts); what the stub sees also holds each
    // request's way there, which on a busy machine differs by tens of milliseconds. Unspaced, they
    // would come within a few milliseconds of each other.
    const [a, b, c] = stub.requests.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(150);
    expect(c - b).toBeGreaterThanOrEqual(150);
  });

  it('404 Unknown location where Nominatim knows no address', async () => {
    const response = await get('reverse?lat=0.5&lon=0.5');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: false, message: 'Unknown location' });
  });

  it.each([
    ['reverse?lon=10', 'Valid latitude is required'],
    ['reverse?lat=90.5&lon=10', 'Valid latitude is required'],
    ['reverse?lat=abc&lon=10', 'Valid latitude is required'],
    ['reverse?lat=1e1&lon=10', 'Valid latitude is required'],
    ['reverse?lat=10&lon=-180.01', 'Valid longitude is required'],
    ['reverse?lat=10&lon=', 'Valid longitude is required'],
    ['search?q=%20%20', 'Please enter an address first'],
    ['search', 'Please enter an address first'],
    [`search?q=${'a'.repeat(201)}`, 'q must not have more than 200 characters'],
  ])('400 for %s', async (url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(stub.requests).toHaveLength(0);
  });

  it('502 when the upstream fails or is too slow; failures are not cached', async () => {
    stub.mode = 'error';
    expect((await get('reverse?lat=30&lon=40')).json()).toEqual(UPSTREAM_FAILED);
    stub.mode = 'hang';
    const slow = await get('search?q=slow');
    expect(slow.statusCode).toBe(502);
    expect(slow.json()).toEqual(UPSTREAM_FAILED);
    stub.mode = 'ok';
    expect((await get('reverse?lat=30&lon=40')).statusCode).toBe(200);
  });
});

describe('GET /api/geo/search', () => {
  it('answers the places found', async () => {
    const response = await get('search?q=Panaji%20%20bus');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(searchAnswer);
    expect(searchAnswer.results.length).toBeGreaterThan(0);
    expect(Object.fromEntries(stub.requests[0].query)).toEqual({ format: 'jsonv2', addressdetails: '1', q: 'Panaji bus', limit: '5' });
    expect(stub.requests[0].headers['accept-language']).toBe('en');
  });
});

describe('abuse of the shared upstream queue', () => {
  it('one cache entry for a query in any letter case, spacing and browser language variant', async () => {
    const place = `Calangute ${Date.now()}`;
    const variants: Array<[string, string]> = [[place, 'en-GB,en;q=0.9'], [place.toLowerCase().replace(' ', '   '), 'en-US'], [` ${place.toUpperCase()} `, 'EN'], [place, 'en;q=0.8,fr']];
    for (const [q, language] of variants) {
      expect((await get(`search?q=${encodeURIComponent(q)}`, { 'accept-language': language })).statusCode).toBe(200);
    }
    expect(stub.requests).toHaveLength(1);
  });

  it('limits lookups per client address (both routes together)', async () => {
    const limited = await buildTestApp({ config: { nominatimUrl: stub.url }, limits: { geoPerMinute: 3, geoUpstreamIntervalMs: 0 } });
    try {
      const lookup = (url: string, remoteAddress = '10.7.0.1') => limited.app.inject({ url: `/api/geo/${url}`, remoteAddress });
      expect((await lookup('search?q=Goa')).statusCode).toBe(200);
      expect((await lookup('reverse?lat=15.4989&lon=73.8278')).statusCode).toBe(200);
      expect((await lookup('search?q=Pune')).statusCode).toBe(200);
      const refused = await lookup('search?q=Delhi');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many location lookups. Please try again in a minute.' });
      expect((await lookup('search?q=Delhi', '10.7.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, SETUP_TIMEOUT);
});
