import { useCallback, useRef } from 'react';
import { geoApi, type GeoPlace } from '@/shared/api';

/**
 * Looks an address up through the server's proxy (GET /api/geo/search): the first place, or null when
 * nothing matches (or the lookup failed: either way there are no coordinates to send). One request
 * per address at a time: the blur and the typing pause may ask for the same one.
 */
export function useGeocode() {
  const [search] = geoApi.endpoints.searchPlaces.useLazyQuery();
  const pending = useRef<{ query: string; result: Promise<GeoPlace | null> } | null>(null);

  return useCallback(
    (address: string): Promise<GeoPlace | null> => {
      const query = address.trim();
      if (pending.current?.query === query) return pending.current.result;
      const result = search(query, true)
        .unwrap()
        .then((places) => places[0] ?? null)
        .catch(() => null)
        .finally(() => {
          if (pending.current?.query === query) pending.current = null;
        });
      pending.current = { query, result };
      return result;
    },
    [search],
  );
}
