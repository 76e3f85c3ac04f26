import { Spinner } from '@/shared/ui/spinner';

/**
 * The map's spinner: a box of the map's size while Leaflet loads, or (`over`) a veil over the map's
 * own box while Leaflet makes the map in it and adds its layers.
 */
export function MapLoading({ over = false }: { over?: boolean }) {
  return (
    <div className={over ? 'map-canvas__loading map-canvas__veil' : 'map-canvas__map map-canvas__loading'}>
      <Spinner label="Loading the map" />
    </div>
  );
}
