import { hold } from '../../../mocks/hold';
import { createGeocoder, GeoUpstreamError } from './geocoder.js';
import { createSpacer, QueueFullError } from './spacer.js';
import { TtlCache } from './ttl-cache.js';

describe('createGeocoder', () => {
  it('fails with GeoUpstreamError when nothing listens upstream', async () => {
    const geocoder = createGeocoder({ baseUrl: 'http://127.0.0.1:9', userAgent: 'test', intervalMs: 0, timeoutMs: 1000 });
    await expect(geocoder.search('anywhere', 'en')).rejects.toBeInstanceOf(GeoUpstreamError);
  });

  it('fails on an answer of an unknown shape', async () => {
    const fetch = async () => new Response(JSON.stringify({ unexpected: true }), { status: 200 });
    const geocoder = createGeocoder({ baseUrl: 'http://stub', userAgent: 'test', intervalMs: 0, timeoutMs: 1000, fetch });
    await expect(geocoder.search('x', 'en')).rejects.toBeInstanceOf(GeoUpstreamError);
    await expect(geocoder.reverse(1, 2, 'en')).rejects.toBeInstanceOf(GeoUpstreamError);
  });
});

describe('createSpacer', () => {
  it('starts each task at least the interval after the one before started', async () => {
    const run = createSpacer(100, 10);
    const starts: number[] = [];
    await Promise.all([1, 2, 3].map(() => run(async () => {
      starts.push(Date.now());
    })));
    // Node's timers may fire a millisecond before their time by Date.now's rounding.
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(99);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(99);
  });

  it('refuses at once when too many tasks wait', async () => {
    const run = createSpacer(0, 3); // none has started yet when the fourth comes
    const { passed, release } = hold();
    const first = run(() => passed);
    const second = run(async () => 'second');
    const third = run(async () => 'third');
    await expect(run(async () => 'fourth')).rejects.toBeInstanceOf(QueueFullError);
    release();
    await first;
    await expect(Promise.all([second, third])).resolves.toEqual(['second', 'third']);
  });
});

describe('TtlCache', () => {
  it('forgets entries after the TTL and evicts the least recently used', () => {
    let now = 0;
    const cache = new TtlCache<number>(2, 100, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
  });
});
