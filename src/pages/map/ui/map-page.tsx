import type { Map as LeafletMap } from 'leaflet';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { getCurrentPosition } from '@/features/detect-location';
import { useLocateAddress } from '@/features/locate-address';
import { useLazyReverseGeocodeQuery, type GeoPlace } from '@/shared/api';
import { getAppConfig } from '@/shared/config';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { PlaceField } from '@/shared/ui/place-field';
import {
  DEFAULT_ZOOM, MAP_MESSAGES, MAP_POSITION_OPTIONS, OSRM_PROFILES, TRANSIT_PROFILE, TRAVEL_MODES, locationNotice,
  type MapNotice, type TravelMode,
} from '../config/map';
import { afterPaint } from '../lib/after-paint';
import { formatDistance, formatDuration, type Point } from '../lib/geometry';
import { routeServiceUrl, type FoundRoute } from '../model/route-service';
import { useNavigation } from '../model/use-navigation';
import { MapLoading } from './map-loading';
import './map-page.css';

// Leaflet, react-leaflet and the routing machine load beside the panel, in chunks of their own: the
// panel shows at once, and nothing else in the app (the Location page in this slice either) loads them.
// Leaflet itself is run first, and the rest of the map's code in a later task, so that neither holds
// a phone's main thread for long.
const MapCanvas = lazy(() =>
  import('leaflet')
    .then(() => new Promise((resolve) => window.setTimeout(resolve, 0)))
    .then(() => import('./map-canvas')));
const loadRouting = () => import('../model/routing');

interface PlaceInput {
  text: string;
  /** Set by a picked suggestion or the traveller's position; typing clears it (the text is looked up). */
  point: Point | null;
}

const emptyPlace: PlaceInput = { text: '', point: null };
const MODE_LABELS: Record<TravelMode, string> = { DRIVING: 'DRIVING', WALKING: 'WALKING', TRANSIT: 'TRANSIT' };
/** 'Directions request failed: …' when the place search itself gives no answer. */
const SEARCH_DOWN = 'the place search is unavailable';

/** The router for a travel mode: OSRM's profiles, the transit router for TRANSIT (none when it is not configured). */
function routerFor(mode: TravelMode): { serviceUrl: string; profile: string } | null {
  const { osrmUrl, transitRouterUrl } = getAppConfig();
  if (mode === 'TRANSIT') return transitRouterUrl ? { serviceUrl: routeServiceUrl(transitRouterUrl), profile: TRANSIT_PROFILE } : null;
  return { serviceUrl: routeServiceUrl(osrmUrl), profile: OSRM_PROFILES[mode] };
}

interface Route extends FoundRoute {
  to: Point;
  mode: TravelMode;
}

/** /map: directions between two places, live navigation, and what the community offers nearby. */
export function MapPage() {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [start, setStart] = useState<PlaceInput>(emptyPlace);
  const [destination, setDestination] = useState<PlaceInput>(emptyPlace);
  const [mode, setMode] = useState<TravelMode>('DRIVING');
  const [notice, setNotice] = useState<(MapNotice & { offerWalking?: boolean }) | null>(null);
  const [routing, setRouting] = useState(false);
  const [locating, setLocating] = useState(false);
  const [route, setRoute] = useState<Route | null>(null);
  const [satellite, setSatellite] = useState(false);
  const [showPoints, setShowPoints] = useState(false);
  // The map's chunk is asked for once the panel has been painted: the panel never waits for Leaflet.
  const [mapWanted, setMapWanted] = useState(false);
  useEffect(() => afterPaint(() => setMapWanted(true)), []);
  const { locate } = useLocateAddress();
  const [reverseGeocode] = useLazyReverseGeocodeQuery();

  const reroute = useCallback((from: Point) => {
    if (!route) return;
    const router = routerFor(route.mode);
    if (!router) return;
    loadRouting()
      .then(({ findRoute }) => findRoute(router.serviceUrl, router.profile, from, route.to))
      .then((found) => setRoute((current) => (current ? { ...current, ...found } : current)))
      .catch((error: unknown) => setNotice(MAP_MESSAGES.routeError(error instanceof Error ? error.message : String(error))));
  }, [route]);
  const clearLocationError = useCallback(() => setNotice((current) => (current?.title === MAP_MESSAGES.locationError('').title ? null : current)), []);
  const navigation = useNavigation({ map, path: route?.path ?? null, reroute, onProblem: setNotice, onRecovered: clearLocationError });

  /** A place's point: the picked one, else the first the place search finds; null when it finds none. */
  const pointOf = async (place: PlaceInput): Promise<Point | null> => {
    if (place.point) return place.point;
    const found = await locate(place.text);
    if (found.kind === 'failed') throw new Error(SEARCH_DOWN);
    return found.kind === 'found' ? [found.place.lat, found.place.lon] : null;
  };

  const getDirections = async (chosen: TravelMode = mode) => {
    setNotice(null);
    if (!start.text.trim() || !destination.text.trim()) {
      setNotice(MAP_MESSAGES.missing);
      return;
    }
    if (!map) {
      setNotice(MAP_MESSAGES.notReady);
      return;
    }
    const router = routerFor(chosen);
    if (!router) {
      setNotice({ ...MAP_MESSAGES.transitUnavailable, offerWalking: true });
      return;
    }
    navigation.stop();
    setRouting(true);
    try {
      const from = await pointOf(start);
      if (!from) return setNotice(MAP_MESSAGES.addressNotFound(start.text.trim()));
      const to = await pointOf(destination);
      if (!to) return setNotice(MAP_MESSAGES.addressNotFound(destination.text.trim()));
      const { findRoute } = await loadRouting();
      const found = await findRoute(router.serviceUrl, router.profile, from, to);
      setRoute({ ...found, to, mode: chosen });
      if (found.path.length > 1) map.fitBounds(found.path, { padding: [32, 32] });
    } catch (error) {
      setRoute(null);
      setNotice(MAP_MESSAGES.routeError(error instanceof Error ? error.message : SEARCH_DOWN));
    } finally {
      setRouting(false);
    }
  };

  const walkInstead = () => {
    setMode('WALKING');
    void getDirections('WALKING');
  };

  const locateMe = async () => {
    setNotice(null);
    setLocating(true);
    try {
      const position = await getCurrentPosition(MAP_POSITION_OPTIONS);
      const point: Point = [position.coords.latitude, position.coords.longitude];
      setStart({ text: 'My location', point });
      map?.setView(point, DEFAULT_ZOOM);
      // The address, when the lookup knows one; 'My location' stands otherwise.
      const place = await reverseGeocode({ lat: point[0], lon: point[1] }, true).unwrap().catch(() => null);
      if (place?.displayName) setStart((current) => (current.point === point ? { text: place.displayName, point } : current));
    } catch (error) {
      setNotice(locationNotice(error));
    } finally {
      setLocating(false);
    }
  };

  const pick = (set: typeof setStart) => (place: GeoPlace) => set({ text: place.displayName, point: [place.lat, place.lon] });

  return (
    <div className="page map-page">
      <PageMeta title={`Map | ${getAppConfig().brandName}`} description="Directions, live navigation and needs, events and skills on the map." />
      <h1 className="page-title">Map</h1>
      <div className="map-page__workspace">
      <form
        className="map-panel"
        aria-label="Directions"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void getDirections();
        }}
      >
        <div className="map-panel__start">
          <PlaceField label="Start point" name="start" placeholder="Where from?" value={start.text} onChange={(text) => setStart({ text, point: null })} onPick={pick(setStart)} />
          <Button variant="secondary" size="sm" className="map-panel__locate" onClick={() => void locateMe()} disabled={locating} aria-busy={locating || undefined} aria-label="Use my location">
            <Icon name="crosshair" size={18} />
            <span>{locating ? 'Locating...' : 'Use my location'}</span>
          </Button>
        </div>
        <PlaceField label="Destination" name="destination" placeholder="Where to?" value={destination.text} onChange={(text) => setDestination({ text, point: null })} onPick={pick(setDestination)} />

        <fieldset className="map-panel__modes">
          <legend>Travel mode</legend>
          {TRAVEL_MODES.map((travelMode) => (
            <button key={travelMode} type="button" className={travelMode === mode ? 'map-mode is-active' : 'map-mode'} aria-pressed={travelMode === mode} onClick={() => setMode(travelMode)}>
              {MODE_LABELS[travelMode]}
            </button>
          ))}
        </fieldset>

        <Button type="submit" block disabled={routing} aria-busy={routing || undefined}>
          {routing ? 'Getting Directions...' : 'Get Directions'}
        </Button>

        <div aria-live="polite">
          {notice && (
            <div className="map-notice" role="alert">
              <strong className="map-notice__title">{notice.title}</strong>
              <p>{notice.text}</p>
              {notice.footer && <p className="map-notice__footer">{notice.footer}</p>}
              {notice.offerWalking && (
                <Button variant="secondary" size="sm" onClick={walkInstead}>
                  Get walking directions
                </Button>
              )}
            </div>
          )}
        </div>

        {route && (
          <section className="map-route-card" aria-label="Route">
            <dl>
              <div>
                <dt>Distance</dt>
                <dd>{formatDistance(route.distance)}</dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{formatDuration(route.duration)}</dd>
              </div>
            </dl>
            {navigation.active ? (
              <Button variant="danger" block onClick={navigation.stop}>
                Stop Navigation
              </Button>
            ) : (
              <Button block onClick={navigation.start}>
                Start Navigation
              </Button>
            )}
            <p className="map-route-card__status" role="status">
              {navigation.active
                ? navigation.position ? `Following your position: ${navigation.trail.length} ${navigation.trail.length === 1 ? 'point' : 'points'} on your trail.` : 'Waiting for your position...'
                : ''}
            </p>
          </section>
        )}

        <div className="map-panel__view">
          <Button variant="secondary" size="sm" onClick={() => setSatellite((on) => !on)}>
            {satellite ? 'Map View' : 'Satellite View'}
          </Button>
          <label className="map-panel__switch">
            <input type="checkbox" checked={showPoints} onChange={(event) => setShowPoints(event.target.checked)} />
            <span>Show needs, events and skills</span>
          </label>
        </div>
      </form>

      {/* Leaflet's own keyboard use (arrows pan, +/- zoom) works once the map has the focus. */}
      <section className="map-canvas" aria-label="Map">
        <Suspense fallback={<MapLoading />}>
          {mapWanted ? <MapCanvas satellite={satellite} route={route} navigation={navigation} showPoints={showPoints} onMap={setMap} /> : <MapLoading />}
        </Suspense>
      </section>
      </div>
    </div>
  );
}
