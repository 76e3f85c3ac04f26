import { Spinner } from '@/shared/ui/spinner';

/** The map's box while Leaflet loads and starts: the same size as the map, with a spinner. */
export const mapLoading = (
  <div className="map-canvas__map map-canvas__loading">
    <Spinner label="Loading the map" />
  </div>
);

/** The same spinner over the map's own box while Leaflet makes the map in it and adds its layers. */
export function MapLoadingVeil() {
  return (
    <div className="map-canvas__loading map-canvas__veil">
      <Spinner label="Loading the map" />
    </div>
  );
}
