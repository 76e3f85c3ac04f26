import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type Result } from 'ioredis';

/**
 * The per-minute limits counted in Redis when REDIS_URL is set, so that N instances allow what one
 * allows: the API's per-address limit, the login and geocoding per-address limits (through the
 * rate-limit plugin's store, `sharedRateLimitStore`) and the socket handshake allowance
 * (plugins/realtime.ts). Every key starts with `KEY_PREFIX`, then a namespace of its own:
 *
 * - `api:<address>`: the limit on every /api route (plugins/security.ts);
 * - `route:<METHOD> <url>:<address>`: a route's own `config.rateLimit` (POST /api/login);
 * - `made:<key>`: a limiter made with `app.createRateLimit`, whose key generator names it
 *   (`geo:<address>`, modules/geo/routes.ts);
 * - `handshake:<address>`: socket.io handshakes (plugins/realtime.ts);
 * - `turn:<name>`: not a count but the next free start of a paced upstream (`turn`): the
 *   geocoder's requests to Nominatim, one a second from all instances together (modules/geo/spacer.ts).
 *
 * The limits counted over longer windows (login lockout, registrations, codes, uploads, contact
 * reveals, reports) are counted in the database (lib/quota.ts) and so are shared already.
 */
export const KEY_PREFIX = 'need-spot:limit:';

/** One fixed window per key, opened by its first hit: the count in it, and the milliseconds it has left. */
export interface Hits {
  current: number;
  ttl: number;
}

export interface SharedCounter {
  /** Counts a hit on `key` (prefixed here) in Redis; rejects when Redis does not answer in time. */
  hit(key: string, windowMs: number): Promise<Hits>;
  /**
   * Takes the next turn of `name` (prefixed here), turns being `intervalMs` apart across every
   * instance: how many milliseconds to wait before this turn starts (0 when none is taken).
   */
  turn(name: string, intervalMs: number): Promise<number>;
  /** Logs a failed count, at most once a minute (a Redis outage fails every request's count). */
  failed(error: unknown): void;
  close(): Promise<void>;
}

// INCR and the window's expiry in one step, so no key is left without one (the rate-limit plugin's
// own Redis store does the same). A key found without an expiry is given one.
const countScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = left end
end
return {current, ttl}
`;

// The next free start is kept in the key; a turn takes the later of it and now (Redis's clock, so
// the instances' clocks need not agree) and moves it on by the interval. Kept a little past it.
const turnScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], start + interval, 'PX', start - now + interval + 1000)
return start - now
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    needSpotCountHit(key: string, windowMs: number): Result<[number, number], Context>;
    needSpotTurn(key: string, intervalMs: number): Result<number, Context>;
  }
}

/**
 * One ioredis connection per instance for every limit counted in Redis, made when REDIS_URL is set
 * (the socket.io adapter keeps its own two `redis` clients: a subscriber cannot run commands).
 * Connected before the app starts, so a wrong REDIS_URL stops it as it stops the adapter. Later,
 * a command fails at once while Redis is unreachable (no offline queue, no retries) and after
 * `timeoutMs` when it does not answer: the limits then count on this instance until it is back.
 */
export async function connectSharedCounter(url: string, log: FastifyBaseLogger, timeoutMs = 500): Promise<SharedCounter> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectionName: 'need-spot-limits',
  });
  redis.on('error', (error: unknown) => log.error({ err: error }, 'redis connection for limits failed'));
  redis.defineCommand('needSpotCountHit', { numberOfKeys: 1, lua: countScript });
  redis.defineCommand('needSpotTurn', { numberOfKeys: 1, lua: turnScript });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  let lastFailureLogged = 0;
  return {
    hit: async (key, windowMs) => {
      const [current, ttl] = await redis.needSpotCountHit(KEY_PREFIX + key, windowMs);
      return { current, ttl };
    },
    turn: (name, intervalMs) => redis.needSpotTurn(`${KEY_PREFIX}turn:${name}`, intervalMs),
    failed: (error) => {
      if (Date.now() - lastFailureLogged < 60_000) return;
      lastFailureLogged = Date.now();
      log.warn({ err: error }, 'counting limits in redis failed: counting them on this instance until it answers');
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Counts hits on this instance: one window at a time for every key, opened by the first hit after
 * the last one ended (`windowMs` of the first hit in it). Without REDIS_URL, the handshake
 * allowance; with it, every limit's stand-in while Redis fails.
 */
export function localCounter() {
  let windowEnds = 0;
  let counts = new Map<string, number>();
  return (key: string, windowMs: number): Hits => {
    const now = Date.now();
    if (now >= windowEnds) {
      windowEnds = now + windowMs;
      counts = new Map();
    }
    const current = (counts.get(key) ?? 0) + 1;
    counts.set(key, current);
    return { current, ttl: windowEnds - now };
  };
}

/**
 * Counts in Redis, or on this instance when Redis fails. Neither of the other choices: failing
 * open (the plugin's `skipOnError`) would lift the login and API limits for as long as Redis is
 * down, and failing closed would turn a Redis outage into a whole outage, logins included. Counted
 * per instance, N instances let through N times a limit during the outage, as without REDIS_URL;
 * the limits counted in PostgreSQL (lockout, slowdown) hold throughout.
 */
export function countWithFallback(counter: SharedCounter) {
  const local = localCounter();
  return (key: string, windowMs: number): Promise<Hits> => counter.hit(key, windowMs).catch((error: unknown) => {
    counter.failed(error);
    return local(key, windowMs);
  });
}

interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate-limit plugin's store when REDIS_URL is set (its `store` option). The plugin's own
 * RedisStore takes a client too, but it fails (open with `skipOnError`, closed without) when Redis
 * does; this one falls back to counting on the instance, and names its keys (see `KEY_PREFIX`).
 */
export function sharedRateLimitStore(counter: SharedCounter): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly count = countWithFallback(counter);
    private readonly namespace: string;

    constructor(_options: unknown, namespace = 'api:') {
      this.namespace = namespace;
    }

    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number) {
      this.count(this.namespace + key, timeWindow).then((hits) => callback(null, hits), (error: Error) => callback(error));
    }

    /** A route's own limit (`route:`), or a limiter of `app.createRateLimit`, which has no route (`made:`). */
    child(routeOptions: unknown) {
      const { method, url } = (routeOptions as ChildOptions).routeInfo ?? {};
      const namespace = method && url ? `route:${[method].flat().join(',')} ${url}:` : 'made:';
      return new SharedRateLimitStore(undefined, namespace);
    }
  }
  return SharedRateLimitStore;
}
