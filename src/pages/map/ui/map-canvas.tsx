import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import Line from 'leaflet-routing-machine/src/line.js';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { createLeafletContext, LeafletContext, type LeafletContextInterface } from '@react-leaflet/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Polyline, TileLayer } from 'react-leaflet';
import { getAppConfig } from '@/shared/config';
import { DEFAULT_ZOOM } from '../config/map';
import { afterPaint } from '../lib/after-paint';
import type { Point } from '../lib/geometry';
import type { FoundRoute } from '../model/route-service';
import type { NavigationState } from '../model/use-navigation';
import { MapLoading } from './map-loading';
import { PointsLayer } from './points-layer';

// Leaflet guesses its marker images' path from its CSS, which a bundler moves: name them instead.
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

/** An arrow turned to where the traveller heads. */
const arrowIcon = (heading: number | null) =>
  L.divIcon({
    className: 'map-arrow',
    iconSize: [36, 36],
    iconAnchor: [18, 18],
    html: `<svg viewBox="0 0 24 24" width="36" height="36" style="transform: rotate(${Math.round(heading ?? 0)}deg)" aria-hidden="true"><path d="M12 2 20 21 12 16.5 4 21z" fill="#1c7ed6" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></svg>`,
  });

export interface MapCanvasProps {
  satellite: boolean;
  route: (FoundRoute & { to: Point }) | null;
  navigation: Pick<NavigationState, 'trail' | 'position' | 'heading'>;
  showPoints: boolean;
  /** The Leaflet map, once it is there: the page fits routes to it and follows the traveller on it. */
  onMap: (map: L.Map | null) => void;
}

/**
 * The Leaflet map of /map, a chunk of its own with Leaflet, react-leaflet and the routing machine's
 * route line: the page's panel shows (and can be used) while it loads.
 */
export default function MapCanvas({ satellite, route, navigation, showPoints, onMap }: MapCanvasProps) {
  const config = getAppConfig();
  const box = useRef<HTMLDivElement>(null);
  const [context, setContext] = useState<LeafletContextInterface | null>(null);
  const map = context?.map ?? null;
  // Three steps, each in a task of its own, so that none holds a phone's main thread for long: the
  // map's box is painted (with the spinner over it); Leaflet then makes the map in that box, whose
  // layout is by then clean, so measuring it costs little; then the tiles and the points layer are
  // added and the spinner goes.
  const [layers, setLayers] = useState(false);
  // Leaflet runs in a timer, outside React's render: a failure is rethrown from render, so the
  // route's error boundary shows it instead of a spinner that never goes.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    let made: L.Map | null = null;
    let layersTimer = 0;
    const cancel = afterPaint(() => {
      try {
        made = new L.Map(node, { center: [config.mapCenter.latitude, config.mapCenter.longitude], zoom: DEFAULT_ZOOM });
      } catch (error) {
        setFailure({ error });
        return;
      }
      setContext(createLeafletContext(made));
      layersTimer = window.setTimeout(() => setLayers(true), 0);
    });
    return () => {
      cancel();
      window.clearTimeout(layersTimer);
      made?.remove();
      setContext(null);
      setLayers(false);
    };
  }, [config.mapCenter.latitude, config.mapCenter.longitude]);
  useEffect(() => {
    onMap(map);
    return () => onMap(null);
  }, [map, onMap]);

  // The route's line, leaflet-routing-machine's, replaced with each new route.
  useEffect(() => {
    if (!map || !route) return undefined;
    const line = new Line(route.route, {
      addWaypoints: false,
      extendToWaypoints: true,
      missingRouteTolerance: 10,
      styles: [{ color: '#ffffff', opacity: 0.9, weight: 9 }, { color: '#1c7ed6', opacity: 1, weight: 5, className: 'map-route' }],
    }).addTo(map);
    return () => {
      line.remove();
    };
  }, [map, route]);

  const arrow = useMemo(() => arrowIcon(navigation.heading), [navigation.heading]);
  if (failure) throw failure.error;

  return (
    <div ref={box} className="map-canvas__map">
      {!layers && <MapLoading over />}
      {context && (
        <LeafletContext value={context}>
          {/* Tiles fetched with CORS (crossOrigin): the service worker keeps only such answers for
              offline use (src/app/service-worker/rules.ts); an opaque one is unreadable to it and
              costs ~7 MB of the site's quota each in Chromium. The tile servers allow it. */}
          {layers && (satellite ? (
            <TileLayer key="satellite" url={config.satelliteTileUrl} attribution={config.satelliteTileAttribution} crossOrigin />
          ) : (
            <TileLayer key="map" url={config.tileUrl} attribution={config.tileAttribution} className="map-tiles--street" crossOrigin />
          ))}
          {route && <Marker position={route.path[0] ?? route.to} title="Start point" alt="Start point" />}
          {route && <Marker position={route.to} title="Destination" alt="Destination" />}
          {navigation.trail.length > 1 && <Polyline positions={navigation.trail} className="map-trail" pathOptions={{ color: '#e8590c', weight: 5 }} />}
          {navigation.position && <Marker position={navigation.position} icon={arrow} title="Your position" keyboard={false} interactive={false} />}
          {layers && showPoints && <PointsLayer />}
        </LeafletContext>
      )}
    </div>
  );
}
