import { baseApi } from '../base-api';
import { asString, isRecord, pickList, readItems } from './wire';

export type MapPointKind = 'need' | 'event' | 'skill';

/** A record with coordinates, as the map's layer shows it (GET /api/map-points). */
export interface MapPoint {
  kind: MapPointKind;
  id: string;
  title: string;
  lat: number;
  lon: number;
  /** The record's page in the SPA, made by the server. */
  url: string;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const kinds: MapPointKind[] = ['need', 'event', 'skill'];

function toMapPoint(value: unknown): MapPoint | null {
  if (!isRecord(value)) return null;
  const lat = Number(value.latitude);
  const lon = Number(value.longitude);
  const kind = value.kind as MapPointKind;
  const url = asString(value.url);
  if (!kinds.includes(kind) || !Number.isFinite(lat) || !Number.isFinite(lon) || !url.startsWith('/')) return null;
  return { kind, id: asString(value._id), title: asString(value.title), lat, lon, url };
}

/** `{ data: [point], capped }`; anything else is no points. */
export const toMapPoints = (body: unknown): { points: MapPoint[]; capped: boolean } => ({
  points: readItems(pickList(body, ['data']), toMapPoint),
  capped: isRecord(body) && body.capped === true,
});

export const mapApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/map-points?south=&west=&north=&east= → the needs, events and skills inside the bounds. */
    getMapPoints: build.query<{ points: MapPoint[]; capped: boolean }, MapBounds>({
      query: ({ south, west, north, east }) => ({ url: 'map-points', params: { south, west, north, east } }),
      transformResponse: toMapPoints,
      // A new or edited record shows up on the map, as it does on its board.
      providesTags: [{ type: 'Need', id: 'LIST' }, { type: 'Event', id: 'LIST' }, { type: 'Skill', id: 'LIST' }],
    }),
  }),
});

export const { useGetMapPointsQuery } = mapApi;
