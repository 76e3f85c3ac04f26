import L from 'leaflet';
import { useState } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { useNavigate } from 'react-router-dom';
import { useGetMapPointsQuery, type MapBounds, type MapPointKind } from '@/shared/api';

const KIND_LABELS: Record<MapPointKind, string> = { need: 'Need', event: 'Event', skill: 'Skill' };

/** A pin per kind: the default marker, tinted by CSS (map-page.css), so the three layers tell apart. */
const pins = Object.fromEntries(
  (['need', 'event', 'skill'] as const).map((kind) => [kind, new L.Icon.Default({ className: `map-pin map-pin--${kind}` })]),
) as Record<MapPointKind, L.Icon.Default>;

const round = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/** The visible bounds as the server takes them: on the globe, rounded so small moves reuse an answer. */
function boundsOf(map: L.Map): MapBounds {
  const bounds = map.getBounds();
  const wide = bounds.getEast() - bounds.getWest() >= 360;
  return {
    south: round(clamp(bounds.getSouth(), 90)),
    north: round(clamp(bounds.getNorth(), 90)),
    west: wide ? -180 : round(clamp(bounds.getWest(), 180)),
    east: wide ? 180 : round(clamp(bounds.getEast(), 180)),
  };
}

/**
 * The needs, events and skills with coordinates inside the visible map, as markers; each opens its
 * page (click, or Enter on the focused marker: Leaflet makes them buttons named by their `alt`).
 */
export function PointsLayer() {
  const map = useMap();
  const navigate = useNavigate();
  const [bounds, setBounds] = useState(() => boundsOf(map));
  useMapEvents({ moveend: () => setBounds(boundsOf(map)) });
  const { data } = useGetMapPointsQuery(bounds);
  return (
    <>
      {data?.points.map((point) => (
        <Marker
          key={`${point.kind}-${point.id}`}
          position={[point.lat, point.lon]}
          icon={pins[point.kind]}
          title={`${KIND_LABELS[point.kind]}: ${point.title}`}
          alt={`${KIND_LABELS[point.kind]}: ${point.title}`}
          eventHandlers={{ click: () => navigate(point.url) }}
        />
      ))}
    </>
  );
}
