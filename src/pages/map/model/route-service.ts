import type * as L from 'leaflet';
import type { Point } from '../lib/geometry';

/** A route found by the router (model/routing.ts, loaded with Leaflet). */
export interface FoundRoute {
  /** leaflet-routing-machine's route, for its line. */
  route: L.Routing.IRoute;
  path: Point[];
  /** Metres and seconds. */
  distance: number;
  duration: number;
}

/** OSRM's HTTP API lives under /route/v1 of the configured router. */
export const routeServiceUrl = (routerUrl: string) => `${routerUrl.replace(/\/+$/, '')}/route/v1`;
