import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, failure, HttpError } from '../../lib/http-error.js';
import { controlChars } from '../../lib/text.js';
import { ADDRESS_PARTS, createGeocoder } from './geocoder.js';

const UPSTREAM_FAILED = 'Error fetching location details';
const coordinate = /^[-+]?\d{1,3}(\.\d{1,15})?$/;
const languageShape = /^[A-Za-z0-9 ,;=.*-]{1,100}$/;

/** A decimal coordinate within ±limit, or undefined. */
function parseCoordinate(raw: string | undefined, limit: number): number | undefined {
  const trimmed = raw?.trim() ?? '';
  if (!coordinate.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Math.abs(value) <= limit ? value : undefined;
}

/** The browser's Accept-Language for Nominatim's place names; 'en' when absent or odd. */
const languageOf = (header: string | undefined) => (header && languageShape.test(header) ? header : 'en');

const Place = { lat: Type.Number(), lon: Type.Number(), display_name: Type.String() };
const Address = Type.Object(Object.fromEntries(ADDRESS_PARTS.map((part) => [part, Type.Optional(Type.String())])));

// Nominatim through us: cached, paced to its usage policy, with a User-Agent naming the app.
const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const geocoder = createGeocoder({
    baseUrl: config.nominatimUrl,
    userAgent: `Need Spot (${config.publicUrl ?? config.supportEmail})`,
    intervalMs: config.limits.geoUpstreamIntervalMs,
    timeoutMs: config.limits.geoTimeoutMs,
  });
  const upstream = <T>(lookup: Promise<T>) => lookup.catch((error: unknown) => {
    app.log.warn({ err: error }, 'geocoding failed');
    throw new HttpError(502, UPSTREAM_FAILED);
  });

  app.get('/geo/reverse', {
    schema: {
      querystring: Type.Object({ lat: Type.Optional(Type.String({ maxLength: 32 })), lon: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.Boolean(), address: Address, ...Place }) },
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
    schema: {
      querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.Boolean(), results: Type.Array(Type.Object(Place)) }) },
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
