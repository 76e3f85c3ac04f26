import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import Line from 'leaflet-routing-machine/src/line.js';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Polyline, TileLayer } from 'react-leaflet';
import { getAppConfig } from '@/shared/config';
import { DEFAULT_ZOOM } from '../config/map';
import type { Point } from '../lib/geometry';
import type { FoundRoute } from '../model/route-service';
import type { NavigationState } from '../model/use-navigation';
import { mapLoading } from './map-loading';
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
  const [map, setMap] = useState<L.Map | null>(null);
  // Three steps, each in a task of its own, so that none holds a phone's main thread for long: the
  // map's box is painted (still with the spinner), then Leaflet makes the map in it, then the tiles
  // and the points layer are added.
  const [step, setStep] = useState<'box' | 'map' | 'layers'>('box');
  useEffect(() => {
    if (step === 'box') {
      let timer = 0;
      const frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => setStep('map'), 0);
      });
      return () => {
        cancelAnimationFrame(frame);
        window.clearTimeout(timer);
      };
    }
    if (step === 'map' && map) {
      const timer = window.setTimeout(() => setStep('layers'), 0);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [step, map]);
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

  if (step === 'box') return mapLoading;
  return (
    <MapContainer ref={setMap} center={[config.mapCenter.latitude, config.mapCenter.longitude]} zoom={DEFAULT_ZOOM} className="map-canvas__map">
      {step === 'layers' && (satellite ? (
        <TileLayer key="satellite" url={config.satelliteTileUrl} attribution={config.satelliteTileAttribution} />
      ) : (
        <TileLayer key="map" url={config.tileUrl} attribution={config.tileAttribution} />
      ))}
      {route && <Marker position={route.path[0] ?? route.to} title="Start point" alt="Start point" />}
      {route && <Marker position={route.to} title="Destination" alt="Destination" />}
      {navigation.trail.length > 1 && <Polyline positions={navigation.trail} className="map-trail" pathOptions={{ color: '#e8590c', weight: 5 }} />}
      {navigation.position && <Marker position={navigation.position} icon={arrow} title="Your position" keyboard={false} interactive={false} />}
      {step === 'layers' && showPoints && <PointsLayer />}
    </MapContainer>
  );
}
