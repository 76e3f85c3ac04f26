import { useCallback } from 'react';
import { getServerMessage, useLazyReverseGeocodeQuery, type ReverseGeocodeResult } from '@/shared/api';
import { GEO_MESSAGES, POSITION_OPTIONS } from '../config/messages';
import { getCurrentPosition, positionFailure, type DetectFailure } from '../lib/geolocation';
import { toDetectedPlace, type DetectedPlace } from '../lib/place-label';

export type DetectOutcome =
  | {
      ok: true;
      place: DetectedPlace;
      /** The browser's position and the whole lookup, for forms that fill every address field. */
      position: { lat: number; lon: number };
      geo: ReverseGeocodeResult;
    }
  | { ok: false; error: DetectFailure };

const UNKNOWN_PLACE: DetectFailure = { kind: 'unknown-place', message: GEO_MESSAGES.unknown };

/**
 * Where am I: the browser's position, then our server's reverse lookup (a Nominatim proxy). Never
 * throws; a failure comes back as its kind, with the profile's words for it.
 */
export function useDetectLocation() {
  const [reverseGeocode] = useLazyReverseGeocodeQuery();

  return useCallback(async (): Promise<DetectOutcome> => {
    let position: GeolocationPosition;
    try {
      position = await getCurrentPosition(POSITION_OPTIONS);
    } catch (error) {
      return { ok: false, error: positionFailure(error) };
    }
    try {
      const { latitude: lat, longitude: lon } = position.coords;
      const geo = await reverseGeocode({ lat, lon }, true).unwrap();
      const place = toDetectedPlace(geo);
      return place && geo ? { ok: true, place, position: { lat, lon }, geo } : { ok: false, error: UNKNOWN_PLACE };
    } catch (error) {
      // The server says 'Unknown location' (404) where Nominatim knows no address there.
      if (getServerMessage(error) === GEO_MESSAGES.unknown) return { ok: false, error: UNKNOWN_PLACE };
      return { ok: false, error: { kind: 'lookup-failed', message: GEO_MESSAGES.lookupFailed } };
    }
  }, [reverseGeocode]);
}
