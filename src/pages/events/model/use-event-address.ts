import { useEffect, useRef, type ChangeEvent } from 'react';
import { formatCoordinate, useLocateAddress } from '@/features/locate-address';
import { EVENT_MESSAGES, type EventFormValues } from '../lib/event-form';
import type { EventFormState } from './use-event-form';

/** The address is looked up once typing has paused this long (or when the field loses focus). */
const GEOCODE_PAUSE_MS = 800;

type Coordinates = { latitude: string; longitude: string };

/**
 * The event's address and its read-only coordinates: looked up when typing pauses or the field is
 * left, else just before sending; 'Location not found' under the field when no place matches. A
 * lookup that comes back for an address no longer typed is dropped.
 */
export function useEventAddress({ values, errors, field, setValue, setFieldError }: EventFormState) {
  const { locate: lookUp, locating } = useLocateAddress();
  const addressNow = useRef(values.address);

  /** Writes the coordinates found for `address` (or 'Location not found'); null when there are none. */
  const locate = async (address: string): Promise<Coordinates | null> => {
    const query = address.trim();
    if (!query) return null;
    const found = await lookUp(query);
    if (addressNow.current.trim() !== query) return null;
    const place = found.kind === 'found' ? { latitude: formatCoordinate(found.place.lat), longitude: formatCoordinate(found.place.lon) } : null;
    setValue('latitude', place?.latitude ?? '');
    setValue('longitude', place?.longitude ?? '');
    setValue('geo', place ? 'found' : 'missing');
    setFieldError('address', place ? undefined : EVENT_MESSAGES.locationNotFound);
    return place;
  };

  // Typing paused: look the new address up.
  const { address, geo } = values;
  useEffect(() => {
    if (geo !== 'idle' || address.trim() === '') return undefined;
    const timer = window.setTimeout(() => void locate(address), GEOCODE_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // locate changes every render; the lookup depends on the address only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, geo]);

  const onChange = (change: ChangeEvent<HTMLInputElement>) => {
    const next = change.target.value;
    addressNow.current = next;
    setValue('address', next);
    // The coordinates belonged to the old address.
    setValue('latitude', '');
    setValue('longitude', '');
    setValue('geo', 'idle');
    if (errors.address === EVENT_MESSAGES.locationNotFound) setFieldError('address', undefined);
  };

  return {
    /** Props for the address field. */
    addressField: {
      ...field('address'),
      onChange,
      onBlur: () => {
        if (geo === 'idle') void locate(address);
      },
      hint: locating ? 'Finding the location…' : 'Latitude and longitude are filled in from the address.',
    },
    /** The coordinates to send: those found for the address, else looked up now (null: not found). */
    coordinatesFor: (current: EventFormValues): Promise<Coordinates | null> =>
      current.geo === 'found' ? Promise.resolve({ latitude: current.latitude, longitude: current.longitude }) : locate(current.address),
  };
}
