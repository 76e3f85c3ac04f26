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

describe('createSpacer lanes', () => {
  it('an interactive task goes before every background task waiting, whenever it came', async () => {
    const run = createSpacer(20, 10, 10);
    const order: string[] = [];
    const { passed, release } = hold();
    const first = run(async () => {
      await passed;
      order.push('first');
    }, 'background');
    const background = [1, 2, 3].map((n) => run(async () => {
      order.push(`background ${n}`);
    }, 'background'));
    await new Promise((resolve) => setImmediate(resolve)); // the first has started
    const interactive = run(async () => {
      order.push('interactive');
    });
    release();
    await Promise.all([first, ...background, interactive]);
    expect(order).toEqual(['first', 'interactive', 'background 1', 'background 2', 'background 3']);
  });

  it('a full background lane refuses background tasks only; interactive ones still run', async () => {
    const run = createSpacer(0, 2, 2);
    const { passed, release } = hold();
    const held = run(() => passed, 'background');
    await new Promise((resolve) => setImmediate(resolve)); // it has started, so it waits no more
    const waiting = [run(async () => 'b1', 'background'), run(async () => 'b2', 'background')];
    await expect(run(async () => 'b3', 'background')).rejects.toBeInstanceOf(QueueFullError);
    const interactive = run(async () => 'i1');
    expect(run.waiting()).toEqual({ interactive: 1, background: 2 });
    release();
    await held;
    await expect(interactive).resolves.toBe('i1');
    await expect(Promise.all(waiting)).resolves.toEqual(['b1', 'b2']);
  });

  it('a task that throws at once fails alone; the next still runs', async () => {
    const run = createSpacer(0, 5);
    const failing = run(() => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(run(async () => 'next')).resolves.toBe('next');
  });
});

describe('createSpacer with a turn shared by several instances', () => {
  it('also waits for the shared turn, as long as it says', async () => {
    const taken: number[] = [];
    // Another instance has the next 150 ms: this one's first turn waits for them.
    const run = createSpacer(0, 10, 10, async () => {
      taken.push(Date.now());
      return taken.length === 1 ? 150 : 0;
    });
    const start = Date.now();
    await run(async () => {});
    expect(Date.now() - start).toBeGreaterThanOrEqual(149);
    expect(taken).toHaveLength(1);
  });

  it('when the shared turn fails, still runs the task, spaced on this instance', async () => {
    const run = createSpacer(100, 10, 10, () => Promise.reject(new Error('redis down')));
    const starts: number[] = [];
    await Promise.all([1, 2].map(() => run(async () => {
      starts.push(Date.now());
    })));
    expect(starts).toHaveLength(2);
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(99);
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

describe('createGeocoder lanes', () => {
  it('an interactive lookup does not wait on a background one for the same place, and that one asks no more', async () => {
    const asked: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      asked.push(new URL(String(url)).searchParams.get('q') ?? '');
      return new Response(JSON.stringify([{ lat: '1', lon: '2', display_name: 'somewhere' }]), { status: 200 });
    };
    const geocoder = createGeocoder({ baseUrl: 'http://stub', userAgent: 'test', intervalMs: 10, timeoutMs: 1000, fetch });
    const background = ['a', 'b', 'c'].map((q) => geocoder.search(q, 'en', 'background'));
    const interactive = geocoder.search('c', 'en');
    await Promise.all([interactive, ...background]);
    expect(asked).toEqual(['c', 'a', 'b']);
  });
});
