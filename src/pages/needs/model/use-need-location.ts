import { useState } from 'react';
import { useDetectLocation, type DetectFailureKind } from '@/features/detect-location';
import { formatCoordinate, useLocateAddress } from '@/features/locate-address';
import type { GeoPlace } from '@/shared/api';
import { NEED_GEO_MESSAGES } from '../config/messages';
import type { NeedValues } from '../lib/need-values';

/** 'Use Current Location' failing, in this form's words (spec §8); any other kind: positionFailed. */
const LOCATE_ME_FAILURES: Partial<Record<DetectFailureKind, string>> = {
  unsupported: NEED_GEO_MESSAGES.unsupported,
  'lookup-failed': NEED_GEO_MESSAGES.serviceDown,
  'unknown-place': NEED_GEO_MESSAGES.noResults,
};

type SetValue = <K extends keyof NeedValues>(name: K, value: NeedValues[K]) => void;

/**
 * Where the need is: a picked suggestion, 'Use Current Location' (the browser's position and the
 * address found there, into every place field) and 'Get Coordinates from Address', each failure
 * with the spec's alert.
 */
export function useNeedLocation(address: string, setValue: SetValue) {
  const detect = useDetectLocation();
  const { locate, locating: geocoding } = useLocateAddress();
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const setCoordinates = (lat: number, lon: number) => {
    setValue('latitude', formatCoordinate(lat));
    setValue('longitude', formatCoordinate(lon));
  };

  const pickPlace = (place: GeoPlace) => {
    setMessage(null);
    setValue('address', place.displayName);
    setCoordinates(place.lat, place.lon);
  };

  const locateMe = async () => {
    setMessage(null);
    setLocating(true);
    const outcome = await detect();
    setLocating(false);
    if (!outcome.ok) {
      setMessage(LOCATE_ME_FAILURES[outcome.error.kind] ?? NEED_GEO_MESSAGES.positionFailed);
      return;
    }
    const { address: found, displayName } = outcome.geo;
    const street = [found.road, found.neighbourhood ?? found.suburb].filter(Boolean).join(', ');
    setValue('address', street || displayName);
    setValue('city', found.city ?? found.town ?? found.village ?? '');
    setValue('state', found.state ?? '');
    setValue('postalCode', found.postcode ?? '');
    setCoordinates(outcome.position.lat, outcome.position.lon);
  };

  const getCoordinates = async () => {
    if (address.trim() === '') {
      setMessage(NEED_GEO_MESSAGES.noAddress);
      return;
    }
    setMessage(null);
    const found = await locate(address);
    if (found.kind === 'found') setCoordinates(found.place.lat, found.place.lon);
    else setMessage(found.kind === 'none' ? NEED_GEO_MESSAGES.noResults : NEED_GEO_MESSAGES.serviceDown);
  };

  return { message, locating, geocoding, pickPlace, locateMe, getCoordinates };
}
