import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, failure, HttpError, tooManyRequests } from '../../lib/http-error.js';
import { errorAnswers } from '../../lib/schemas.js';
import { controlChars, parseCoordinate } from '../../lib/text.js';
import { ReverseAnswer, ReverseQuery, SearchAnswer, SearchQuery } from './schemas.js';

const UPSTREAM_FAILED = 'Error fetching location details';
const TOO_MANY_LOOKUPS = 'Too many location lookups. Please try again in a minute.';

/**
 * The language of place names: the primary subtag of the browser's first Accept-Language entry
 * ('en-GB,en;q=0.9' → 'en'), 'en' when absent or odd. One short key per language keeps the cache
 * shared by every browser that reads the same language, and leaves no header text to fill it with.
 */
export function languageOf(header: string | undefined): string {
  const first = /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*(?:[;,]|$)/.exec(header ?? '');
  return first ? first[1].toLowerCase() : 'en';
}

// Nominatim through us: cached, paced to its usage policy, with a User-Agent naming the app.
const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, geocoder } = app;
  // Per client address, both geocoding routes (this plugin's only ones) on one counter: one client
  // cannot fill the upstream queue (one request a second) for everyone else. The key names the
  // limit (in Redis, where every instance counts it with REDIS_URL: lib/shared-limits.ts); an IPv6
  // address counts by its /64, as the plugin's own key does.
  const checkLookups = app.createRateLimit({
    max: config.limits.geoPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `geo:${normalizeIP(request.ip)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const limit = await checkLookups(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw tooManyRequests(TOO_MANY_LOOKUPS);
  });

  /** A lookup in the caller's language; an upstream failure answers 502. */
  const lookUp = <T>(request: FastifyRequest, find: (language: string) => Promise<T>) =>
    find(languageOf(request.headers['accept-language'])).catch((error: unknown) => {
      app.log.warn({ err: error }, 'geocoding failed');
      throw new HttpError(502, UPSTREAM_FAILED);
    });

  app.get('/geo/reverse', {
    config: { access: 'public' },
    schema: { querystring: ReverseQuery, response: { 200: ReverseAnswer, ...errorAnswers(404, 502) } },
  }, async (request) => {
    const lat = parseCoordinate(request.query.lat, 90);
    if (lat === undefined) throw badRequest('Valid latitude is required');
    const lon = parseCoordinate(request.query.lon, 180);
    if (lon === undefined) throw badRequest('Valid longitude is required');
    const place = await lookUp(request, (language) => geocoder.reverse(lat, lon, language));
    if (!place) throw failure(404, 'Unknown location');
    return { status: true, ...place };
  });

  app.get('/geo/search', {
    config: { access: 'public' },
    schema: { querystring: SearchQuery, response: { 200: SearchAnswer, ...errorAnswers(502) } },
  }, async (request) => {
    const query = request.query.q?.trim().replace(/\s+/g, ' ') ?? '';
    if (!query) throw badRequest('Please enter an address first');
    if (controlChars.test(query)) throw badRequest('The address contains invalid characters');
    return { status: true, results: await lookUp(request, (language) => geocoder.search(query, language)) };
  });
};

export default geoRoutes;
