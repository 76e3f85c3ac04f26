import { createSpacer, type Lane } from './spacer.js';
import { TtlCache } from './ttl-cache.js';

export const ADDRESS_PARTS = ['road', 'neighbourhood', 'suburb', 'city', 'town', 'village', 'state', 'country', 'postcode'] as const;
export type Address = Partial<Record<(typeof ADDRESS_PARTS)[number], string>>;

export interface Place {
  lat: number;
  lon: number;
  display_name: string;
}
/** A reverse lookup: the place, or null where Nominatim knows no address (the open sea). */
export type ReverseResult = (Place & { address: Address }) | null;

/** Any failure of the upstream service: unreachable, slow, an error status, or an answer of an unknown shape. */
export class GeoUpstreamError extends Error {}

export interface GeocoderOptions {
  baseUrl: string;
  userAgent: string;
  intervalMs: number;
  timeoutMs: number;
  cacheSize?: number;
  cacheTtlMs?: number;
  /** How many lookups may wait for their turn upstream: interactive ones (default 30), background ones (default 30). */
  maxWaiting?: number;
  maxBackgroundWaiting?: number;
  /** With several instances: the wait for the next upstream turn taken across all of them (spacer.ts). */
  sharedTurn?: () => Promise<number>;
  fetch?: typeof fetch;
}

const MAX_ANSWER_CHARS = 1_000_000;

function toPlace(raw: unknown): Place {
  const item = raw as { lat?: unknown; lon?: unknown; display_name?: unknown } | null;
  const lat = Number(item?.lat);
  const lon = Number(item?.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || typeof item?.display_name !== 'string') {
    throw new GeoUpstreamError('unexpected answer');
  }
  return { lat, lon, display_name: item.display_name };
}

function toReverse(raw: unknown): ReverseResult {
  if (!raw || typeof raw !== 'object') throw new GeoUpstreamError('unexpected answer');
  if ('error' in raw) return null;
  const found = (raw as { address?: unknown }).address;
  const source = (found && typeof found === 'object' ? found : {}) as Record<string, unknown>;
  const address: Address = {};
  for (const part of ADDRESS_PARTS) if (typeof source[part] === 'string') address[part] = source[part];
  return { ...toPlace(raw), address };
}

function toSearch(raw: unknown): Place[] {
  if (!Array.isArray(raw)) throw new GeoUpstreamError('unexpected answer');
  return raw.map(toPlace);
}

/**
 * A Nominatim client for our proxy: answers are cached (LRU, 24 h), identical concurrent lookups
 * share one upstream request, and upstream requests go one at a time, spaced by `intervalMs`, the
 * interactive ones before any waiting background one (spacer.ts).
 */
export function createGeocoder(options: GeocoderOptions) {
  const { baseUrl, userAgent, timeoutMs, fetch: fetchImpl = globalThis.fetch } = options;
  const cache = new TtlCache<unknown>(options.cacheSize ?? 1000, options.cacheTtlMs ?? 24 * 3_600_000);
  const inFlight = new Map<string, { lane: Lane; loading: Promise<unknown> }>();
  const spaced = createSpacer(options.intervalMs, options.maxWaiting ?? 30, options.maxBackgroundWaiting ?? 30, options.sharedTurn);

  async function request(path: string, params: Record<string, string>, language: string): Promise<unknown> {
    const url = `${baseUrl}/${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params })}`;
    try {
      const response = await fetchImpl(url, {
        headers: { 'user-agent': userAgent, 'accept-language': language, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new GeoUpstreamError(`upstream answered ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_ANSWER_CHARS) throw new GeoUpstreamError('upstream answer too large');
      return JSON.parse(text);
    } catch (error) {
      throw error instanceof GeoUpstreamError ? error : new GeoUpstreamError((error as Error).message);
    }
  }

  function lookup<T>(key: string, load: () => Promise<T>, lane: Lane): Promise<T> {
    const cached = cache.get(key);
    if (cached !== undefined) return Promise.resolve(cached as T);
    // An interactive lookup never waits on a background one for the same key (that may wait
    // behind every other interactive one): it asks upstream on its own turn instead.
    const pending = inFlight.get(key);
    if (pending && (pending.lane === 'interactive' || lane === 'background')) return pending.loading as Promise<T>;
    // Looked at again when its turn comes: a lookup of the other lane may have filled it meanwhile.
    const loadUnlessCached = async () => {
      const filled = cache.get(key);
      return filled !== undefined ? (filled as T) : load();
    };
    const loading: Promise<T> = spaced(loadUnlessCached, lane)
      .then((value) => {
        cache.set(key, value);
        return value;
      })
      .finally(() => {
        if (inFlight.get(key)?.loading === loading) inFlight.delete(key);
      });
    inFlight.set(key, { lane, loading });
    return loading;
  }

  return {
    reverse(lat: number, lon: number, language: string, lane: Lane = 'interactive'): Promise<ReverseResult> {
      const params = { lat: lat.toFixed(6), lon: lon.toFixed(6) };
      return lookup(`reverse|${params.lat}|${params.lon}|${language}`, async () => toReverse(await request('reverse', params, language)), lane);
    },
    /** `query` trimmed, spaces collapsed; letter case does not change what Nominatim finds, so it is not part of the key. */
    search(query: string, language: string, lane: Lane = 'interactive'): Promise<Place[]> {
      return lookup(`search|${query.toLowerCase()}|${language}`, async () => toSearch(await request('search', { q: query, limit: '5' }, language)), lane);
    },
    /** How many lookups wait for their turn upstream, by lane. */
    waiting: spaced.waiting,
  };
}

export type Geocoder = ReturnType<typeof createGeocoder>;
