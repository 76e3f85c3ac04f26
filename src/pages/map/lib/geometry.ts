/** A point as [latitude, longitude]. */
export type Point = [number, number];

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres between two points (haversine). */
export function distanceMetres([lat1, lon1]: Point, [lat2, lon2]: Point): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The compass bearing from one point to another, 0 to 360 degrees (0 is north, 90 east). */
export function bearingDegrees([lat1, lon1]: Point, [lat2, lon2]: Point): number {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2));
  const x = Math.cos(rad(lat1)) * Math.sin(rad(lat2)) - Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/**
 * Metres from a point to the nearest piece of a path. Each piece is measured on a flat projection
 * around the point (equirectangular): exact enough for the few hundred metres that matter here.
 */
export function distanceToPathMetres(point: Point, path: Point[]): number {
  if (path.length === 0) return Infinity;
  if (path.length === 1) return distanceMetres(point, path[0]);
  const scaleX = Math.cos(rad(point[0])) * rad(1) * EARTH_RADIUS_M;
  const scaleY = rad(1) * EARTH_RADIUS_M;
  const project = ([lat, lon]: Point) => [(lon - point[1]) * scaleX, (lat - point[0]) * scaleY];
  let nearest = Infinity;
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = project(path[i - 1]);
    const [bx, by] = project(path[i]);
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    // The point is the origin: the nearest spot of the piece is its projection, clamped to the ends.
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
    nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return nearest;
}

/** '850 m' under a kilometre, else '12.4 km'. */
export const formatDistance = (metres: number) =>
  metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(metres < 100_000 ? 1 : 0)} km`;

/** '45 min', '2 h 5 min', '1 min' at least. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
