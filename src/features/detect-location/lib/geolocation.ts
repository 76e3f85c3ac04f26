import { GEO_MESSAGES } from '../config/messages';

export interface DetectFailure {
  message: string;
  /** A second line for permission problems. */
  hint?: string;
}

/** GeolocationPositionError codes (the constants are not on every implementation's instances). */
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;

export class GeolocationUnsupportedError extends Error {}

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

/** The spec's words for a failed position request. */
export function positionFailure(error: unknown): DetectFailure {
  if (error instanceof GeolocationUnsupportedError) return { message: GEO_MESSAGES.unsupported };
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === PERMISSION_DENIED) return { message: GEO_MESSAGES.permissionDenied, hint: GEO_MESSAGES.permissionHint };
  if (code === POSITION_UNAVAILABLE) return { message: GEO_MESSAGES.unavailable };
  return { message: GEO_MESSAGES.failed };
}
