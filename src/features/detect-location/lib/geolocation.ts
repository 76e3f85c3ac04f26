import { GEO_MESSAGES } from '../config/messages';

/**
 * Why there is no place, for each screen to word in its own way (spec §8 words it differently on
 * the profile, the map and the need form): no geolocation in the browser, the position refused,
 * unavailable, timed out or failed otherwise, then the reverse lookup failing or knowing no address.
 */
export type DetectFailureKind = 'unsupported' | 'permission-denied' | 'unavailable' | 'timeout' | 'failed' | 'lookup-failed' | 'unknown-place';

export interface DetectFailure {
  kind: DetectFailureKind;
  /** The profile's and the Location page's words for it. */
  message: string;
  /** A second line for permission problems. */
  hint?: string;
}

class GeolocationUnsupportedError extends Error {}

/** navigator.geolocation.getCurrentPosition as a promise; rejects when the browser has no geolocation. */
export function getCurrentPosition(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new GeolocationUnsupportedError(GEO_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(resolve, reject, options);
  });
}

/** GeolocationPositionError codes (the constants are not on every implementation's instances). */
const KIND_BY_CODE: Record<number, DetectFailureKind> = { 1: 'permission-denied', 2: 'unavailable', 3: 'timeout' };

/** What a failed `getCurrentPosition` means, with the profile's words for it. */
export function positionFailure(error: unknown): DetectFailure {
  if (error instanceof GeolocationUnsupportedError) return { kind: 'unsupported', message: GEO_MESSAGES.unsupported };
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const kind = (typeof code === 'number' && KIND_BY_CODE[code]) || 'failed';
  if (kind === 'permission-denied') return { kind, message: GEO_MESSAGES.permissionDenied, hint: GEO_MESSAGES.permissionHint };
  return { kind, message: kind === 'unavailable' ? GEO_MESSAGES.unavailable : GEO_MESSAGES.failed };
}
