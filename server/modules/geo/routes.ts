import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, failure, HttpError, tooManyRequests } from '../../lib/http-error.js';
import { controlChars } from '../../lib/text.js';
import { ReverseAnswer, ReverseQuery, SearchAnswer, SearchQuery } from './schemas.js';

const UPSTREAM_FAILED = 'Error fetching location details';
const coordinate = /^[-+]?\d{1,3}(\.\d{1,15})?$/;
const TOO_MANY_LOOKUPS = 'Too many location lookups. Please try again in a minute.';

/** A decimal coordinate within ±limit, or undefined. */
function parseCoordinate(raw: string | undefined, limit: number): number | undefined {
  const trimmed = raw?.trim() ?? '';
  if (!coordinate.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Math.abs(value) <= limit ? value : undefined;
}

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
  // Per client address, both geocoding routes on one counter: one client cannot fill the upstream
  // queue (one request a second) for everyone else.
  const checkLookups = app.createRateLimit({ max: config.limits.geoPerMinute, timeWindow: 60_000 });
  const limitLookups = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await checkLookups(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw tooManyRequests(TOO_MANY_LOOKUPS);
  };

  const upstream = <T>(lookup: Promise<T>) => lookup.catch((error: unknown) => {
    app.log.warn({ err: error }, 'geocoding failed');
    throw new HttpError(502, UPSTREAM_FAILED);
  });

  app.get('/geo/reverse', {
    config: { access: 'public' },
    onRequest: limitLookups,
    schema: {
      querystring: ReverseQuery,
      response: { 200: ReverseAnswer },
    },
  }, async (request) => {
    const lat = parseCoordinate(request.query.lat, 90);
    if (lat === undefined) throw badRequest('Valid latitude is required');
    const lon = parseCoordinate(request.query.lon, 180);
    if (lon === undefined) throw badRequest('Valid longitude is required');
    const place = await upstream(geocoder.reverse(lat, lon, languageOf(request.headers['accept-language'])));
    if (!place) throw failure(404, 'Unknown location');
    return { status: true, ...place };
  });

  app.get('/geo/search', {
    config: { access: 'public' },
    onRequest: limitLookups,
    schema: {
      querystring: SearchQuery,
      response: { 200: SearchAnswer },
    },
  }, async (request) => {
    const query = request.query.q?.trim().replace(/\s+/g, ' ') ?? '';
    if (!query) throw badRequest('Please enter an address first');
    if (controlChars.test(query)) throw badRequest('The address contains invalid characters');
    const results = await upstream(geocoder.search(query, languageOf(request.headers['accept-language'])));
    return { status: true, results };
  });
};

export default geoRoutes;
