import { baseApi } from '../base-api';
import { asString, isRecord, pickList, readItems } from './wire';

/** Nominatim's address parts that the server passes on (spec §7). */
export interface GeoAddress {
  road?: string;
  neighbourhood?: string;
  suburb?: string;
  city?: string;
  town?: string;
  village?: string;
  state?: string;
  country?: string;
  postcode?: string;
}

export interface GeoPlace {
  lat: number;
  lon: number;
  displayName: string;
}

export interface ReverseGeocodeResult extends GeoPlace {
  address: GeoAddress;
}

const addressKeys = ['road', 'neighbourhood', 'suburb', 'city', 'town', 'village', 'state', 'country', 'postcode'] as const;

function toPlace(value: unknown): GeoPlace | null {
  if (!isRecord(value)) return null;
  const lat = Number(value.lat);
  const lon = Number(value.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat, lon, displayName: asString(value.display_name) };
}

export function toReverseGeocode(body: unknown): ReverseGeocodeResult | null {
  const place = toPlace(body);
  if (!place || !isRecord(body)) return null;
  const source = isRecord(body.address) ? body.address : {};
  const address: GeoAddress = {};
  for (const key of addressKeys) {
    const part = source[key];
    if (typeof part === 'string' && part.trim() !== '') address[key] = part.trim();
  }
  return { ...place, address };
}

/** Coordinates as the server's reverse route accepts them (at most 15 decimals; 6 ≈ 10 cm). */
const coordinate = (value: number) => value.toFixed(6);

// The server proxies Nominatim (cached, paced); the browser never calls it directly. No tags: places
// are not edited here, and the default cache lifetime is enough.
export const geoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/geo/reverse?lat=&lon= → `{ status, address, display_name, lat, lon }`; 404 'Unknown location', 502. */
    reverseGeocode: build.query<ReverseGeocodeResult | null, { lat: number; lon: number }>({
      query: ({ lat, lon }) => ({ url: 'geo/reverse', params: { lat: coordinate(lat), lon: coordinate(lon) } }),
      transformResponse: toReverseGeocode,
    }),
    /** GET /api/geo/search?q= → `{ status, results: [{ lat, lon, display_name }] }`. */
    searchPlaces: build.query<GeoPlace[], string>({
      query: (q) => ({ url: 'geo/search', params: { q } }),
      transformResponse: (body: unknown) =>
        readItems(pickList(body, ['results']), toPlace),
    }),
  }),
});

export const { useReverseGeocodeQuery, useLazyReverseGeocodeQuery, useSearchPlacesQuery, useLazySearchPlacesQuery } = geoApi;
