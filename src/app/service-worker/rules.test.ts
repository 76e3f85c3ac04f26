import 'fake-indexeddb/auto';
import { cacheableOnly, isNoStore, isTileRequest, MAX_TILES, shellAnswers, TILE_CACHE, tileStrategy } from './rules';
import { handleFully, installMemoryCaches } from './test-caches';

const origin = 'https://needspot.example';
const willUpdate = (response: Response) => cacheableOnly.cacheWillUpdate!({ request: new Request(`${origin}/x`), response, event: new Event('fetch') as ExtendableEvent, state: undefined });

describe('no-store is never cached', () => {
  it.each(['no-store', 'private, no-store', 'no-store, max-age=0', 'NO-STORE'])('recognises Cache-Control: %s', (value) => {
    expect(isNoStore(new Response('x', { headers: { 'cache-control': value } }))).toBe(true);
  });

  it.each(['no-cache', 'public, max-age=3600', 'private', ''])('lets Cache-Control: "%s" be kept', (value) => {
    expect(isNoStore(new Response('x', { headers: value ? { 'cache-control': value } : {} }))).toBe(false);
  });

  it('the plugin put in every cache (precache and tiles) refuses a no-store answer, keeps a plain 200', async () => {
    expect(await willUpdate(new Response('{"token":"secret"}', { headers: { 'cache-control': 'no-store' } }))).toBeNull();
    const ok = new Response('tile', { headers: { 'cache-control': 'max-age=3600' } });
    expect(await willUpdate(ok)).toBe(ok);
  });

  it('refuses errors and partial answers too', async () => {
    expect(await willUpdate(new Response('no', { status: 404 }))).toBeNull();
    expect(await willUpdate(new Response('no', { status: 503 }))).toBeNull();
    expect(await willUpdate(new Response('part', { status: 206 }))).toBeNull();
  });

  it('a tile answered no-store never reaches the tile cache', async () => {
    const caches = installMemoryCaches();
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('png', { headers: { 'cache-control': 'no-store' } }));
    try {
      const answer = await handleFully(tileStrategy(), 'https://tiles.example/3/4/5.png');
      expect(await answer.text()).toBe('png');
      expect(await (await caches.open(TILE_CACHE)).keys()).toHaveLength(0);
    } finally {
      fetchMock.mockRestore();
    }
  });
});

describe('navigations the app shell answers', () => {
  it.each(['/', '/needs/12', '/messages/7', '/unsubscribe?token=abc', '/settings/notifications', '/whispers/whisper-detail/3/edit'])('answers %s', (url) => {
    expect(shellAnswers(url)).toBe(true);
  });

  it.each([
    '/api', '/api/docs', '/api/docs/static/index.html', '/api/notifications/unsubscribe?token=abc', '/api/calendar/abc.ics',
    '/api/events/3/ics', '/uploads/a.webp', '/socket.io/?EIO=4', '/sw.js', '/manifest.webmanifest', '/images/logo.svg',
    '/assets/main.1234abcd.js', '/favicon.svg', '/robots.txt',
  ])('leaves %s to the server', (url) => {
    expect(shellAnswers(url)).toBe(false);
  });

  it('does not take paths that only start like the server\'s', () => {
    expect(shellAnswers('/apiary')).toBe(true);
    expect(shellAnswers('/uploads-help')).toBe(true);
  });
});

describe('map tiles', () => {
  const tile = (url: string, destination = 'image') => isTileRequest(new URL(url), destination, origin);

  it('recognises the tile servers\' shapes (z/x/y with or without an extension)', () => {
    expect(tile('https://tile.openstreetmap.org/12/2896/1795.png')).toBe(true);
    expect(tile('https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/12/1795/2896')).toBe(true);
    expect(tile('http://127.0.0.1:4567/tiles/3/4/5.png')).toBe(true);
    expect(tile('https://a.tile.example/3/4/5@2x.webp')).toBe(true);
  });

  it('never takes this site\'s own requests, the API included, nor anything but images', () => {
    expect(tile(`${origin}/api/3/4/5`)).toBe(false);
    expect(tile(`${origin}/uploads/3/4/5.png`)).toBe(false);
    expect(tile('https://tile.openstreetmap.org/12/2896/1795.png', '')).toBe(false);
    expect(tile('https://osrm.example/route/v1/driving/1,2;3,4', '')).toBe(false);
    expect(tile('https://cdn.example/avatar.png')).toBe(false);
  });

  // 205 tiles through the strategy and fake-indexeddb: seconds on a busy machine.
  it('keeps at most 200, the least recently used out first, and answers a kept tile without the network', async () => {
    const caches = installMemoryCaches();
    // One millisecond per step, so "least recently used" is never a tie.
    let now = Date.parse('2026-11-27T12:00:00Z');
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => ++now);
    const fetched: string[] = [];
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      fetched.push((input as Request).url);
      return new Response('png', { headers: { 'content-type': 'image/png', 'cache-control': 'max-age=3600' } });
    });
    const strategy = tileStrategy();
    const url = (i: number) => `https://tiles.example/12/${i}/7.png`;
    try {
      for (let i = 0; i < MAX_TILES; i++) await handleFully(strategy, url(i));
      expect(fetched).toHaveLength(MAX_TILES);
      // Tile 0 seen again (from the cache: no request), so tile 1 is now the least recently used.
      await handleFully(strategy, url(0));
      expect(fetched).toHaveLength(MAX_TILES);
      for (let i = MAX_TILES; i < MAX_TILES + 5; i++) await handleFully(strategy, url(i));

      const kept = (await (await caches.open(TILE_CACHE)).keys()).map((request) => request.url);
      expect(kept).toHaveLength(MAX_TILES);
      expect(kept).toContain(url(0));
      for (let i = 1; i <= 5; i++) expect(kept).not.toContain(url(i));
      expect(kept).toContain(url(6));
      expect(kept).toContain(url(MAX_TILES + 4));
    } finally {
      fetchMock.mockRestore();
      clock.mockRestore();
    }
  }, 60_000);
});
