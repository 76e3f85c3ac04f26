import L from 'leaflet';
import OSRMv1 from 'leaflet-routing-machine/src/osrm-v1.js';
import type { Point } from '../lib/geometry';
import type { FoundRoute } from './route-service';

export class RouteError extends Error {}

/** What went wrong, in a few words (leaflet-routing-machine's error has a message, or only a status). */
function detailOf(error: { status?: unknown; message?: unknown }): string {
  if (typeof error.message === 'string' && error.message !== '') return error.message;
  return `the routing service answered ${String(error.status ?? 'nothing usable')}`;
}

/**
 * A route from one point to another with leaflet-routing-machine's OSRM router: `serviceUrl` is the
 * router's base plus /route/v1, `profile` OSRM's (driving, foot).
 */
export function findRoute(serviceUrl: string, profile: string, from: Point, to: Point): Promise<FoundRoute> {
  const router = new OSRMv1({ serviceUrl, profile, timeout: 20_000 });
  const waypoints = [from, to].map((point) => ({ latLng: L.latLng(point[0], point[1]), name: '', options: {} }));
  return new Promise((resolve, reject) => {
    router.route(waypoints as unknown as L.Routing.Waypoint[], (error, routes) => {
      const route = routes?.[0];
      if (error || !route) {
        reject(new RouteError(detailOf((error ?? { message: 'no route between these places' }) as { status?: unknown; message?: unknown })));
        return;
      }
      resolve({
        route,
        path: route.coordinates?.map((latLng) => [latLng.lat, latLng.lng] as Point) ?? [],
        distance: route.summary?.totalDistance ?? 0,
        duration: route.summary?.totalTime ?? 0,
      });
    });
  });
}
