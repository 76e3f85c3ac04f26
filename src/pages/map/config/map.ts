import { positionFailure, type DetectFailureKind } from '@/features/detect-location';

// Spec §2 Map, §8 (the map's catalogue) and §9 (its constants).

export const TRAVEL_MODES = ['DRIVING', 'WALKING', 'TRANSIT'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** OSRM profiles by travel mode; TRANSIT goes to TRANSIT_ROUTER_URL when there is one. */
export const OSRM_PROFILES: Record<Exclude<TravelMode, 'TRANSIT'>, string> = { DRIVING: 'driving', WALKING: 'foot' };
export const TRANSIT_PROFILE = 'transit';

export const DEFAULT_ZOOM = 13;
export const NAVIGATION_ZOOM = 16;
/** Re-routing during navigation happens at most this often. */
export const REROUTE_INTERVAL_MS = 5_000;
/** A position further than this from the route is off it. */
export const OFF_ROUTE_METRES = 40;
/** Spec §9: high accuracy, 15 s timeout, no cached position. */
export const MAP_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };

export interface MapNotice {
  title: string;
  text: string;
  footer?: string;
}

export const MAP_MESSAGES = {
  missing: { title: 'Missing Information', text: 'Please enter both start and destination locations.' },
  notReady: { title: 'Map Not Ready', text: 'The map is not properly initialized. Please try again later.' },
  routeError: (detail: string): MapNotice => ({
    title: 'Route Error',
    text: `Directions request failed: ${detail}`,
    footer: 'Please check your locations and try again',
  }),
  geolocationUnavailable: { title: 'Geolocation Not Available', text: 'Your browser does not support location services.' },
  addressNotFound: (place: string): MapNotice => ({ title: 'Address Not Found', text: `No place matches "${place}". Try a fuller address.` }),
  locationError: (reason: string): MapNotice => ({ title: 'Location Error', text: reason }),
  transitUnavailable: {
    title: 'Transit Not Available',
    text: 'Public transport directions are not available here. You can get walking directions instead.',
  },
} satisfies Record<string, MapNotice | ((detail: string) => MapNotice)>;

/** Spec §8 'Location Error' reasons, by the kind of geolocation failure. */
const LOCATION_ERROR_REASONS: Partial<Record<DetectFailureKind, string>> = {
  'permission-denied': 'Location permission denied. Please enable it in your browser settings.',
  unavailable: 'Location information is unavailable.',
  timeout: 'The request to get your location timed out.',
};
const LOCATION_ERROR_DEFAULT = 'Failed to get your location.';

/** The map's notice for a failed position request: 'Geolocation Not Available', else 'Location Error' and why. */
export function locationNotice(error: unknown): MapNotice {
  const { kind } = positionFailure(error);
  if (kind === 'unsupported') return MAP_MESSAGES.geolocationUnavailable;
  return MAP_MESSAGES.locationError(LOCATION_ERROR_REASONS[kind] ?? LOCATION_ERROR_DEFAULT);
}
