import { Spinner } from '@/shared/ui/spinner';

/** The map's box while Leaflet loads and starts: the same size as the map, with a spinner. */
export const mapLoading = (
  <div className="map-canvas__map map-canvas__loading">
    <Spinner label="Loading the map" />
  </div>
);
