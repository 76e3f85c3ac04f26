import { useCallback, useRef, useState } from 'react';
import { useLazySearchPlacesQuery, type GeoPlace } from '@/shared/api';

/** Where an address is: the first place found, no place at all, or no answer from the service. */
export type LocateOutcome = { kind: 'found'; place: GeoPlace } | { kind: 'none' } | { kind: 'failed' };

/**
 * Address to coordinates, for every form and the map: the first place our server's geocoder
 * (GET /api/geo/search, a Nominatim proxy) finds. Never throws. One request per address at a time:
 * a form may ask twice for the same one (the field's blur and a pause in typing). `locating` is true
 * while any lookup runs.
 */
export function useLocateAddress() {
  const [search] = useLazySearchPlacesQuery();
  const [running, setRunning] = useState(0);
  const pending = useRef<{ query: string; outcome: Promise<LocateOutcome> } | null>(null);

  const locate = useCallback(
    (address: string): Promise<LocateOutcome> => {
      const query = address.trim();
      if (pending.current?.query === query) return pending.current.outcome;
      setRunning((count) => count + 1);
      const outcome = search(query, true)
        .unwrap()
        .then((places): LocateOutcome => (places[0] ? { kind: 'found', place: places[0] } : { kind: 'none' }))
        .catch((): LocateOutcome => ({ kind: 'failed' }))
        .finally(() => {
          setRunning((count) => count - 1);
          if (pending.current?.query === query) pending.current = null;
        });
      pending.current = { query, outcome };
      return outcome;
    },
    [search],
  );

  return { locate, locating: running > 0 };
}
