import { useCallback, useEffect, useRef, useState } from 'react';
import { MAP_MESSAGES, MAP_POSITION_OPTIONS, NAVIGATION_ZOOM, OFF_ROUTE_METRES, REROUTE_INTERVAL_MS, locationNotice, type MapNotice } from '../config/map';
import { bearingDegrees, distanceToPathMetres, type Point } from '../lib/geometry';
import { createRerouteGate } from './reroute-gate';

/** What navigation needs of the map: Leaflet's map has these. */
export interface FollowingMap {
  setView(center: Point, zoom: number): unknown;
  getZoom(): number;
}

export interface NavigationState {
  active: boolean;
  /** Where the traveller has been since navigation started. */
  trail: Point[];
  position: Point | null;
  /** Degrees from north the traveller heads (the device's, else from the last two positions). */
  heading: number | null;
}

const idle: NavigationState = { active: false, trail: [], position: null, heading: null };

interface Options {
  map: FollowingMap | null;
  /** The route being followed; a position further than OFF_ROUTE_METRES from it asks `reroute`. */
  path: Point[] | null;
  reroute: (from: Point) => void;
  onProblem: (notice: MapNotice) => void;
  /** A position came after a problem: the problem has passed (a moment without signal, say). */
  onRecovered: () => void;
}

/**
 * Live navigation (spec §4): starting clears the trail and zooms to 16; every position (watched with
 * high accuracy, a 15 s timeout and no cached position) extends the trail, turns the arrow, moves
 * the map along, and, off the route, re-routes to the destination at most every 5 s. `stop` ends it.
 */
export function useNavigation({ map, path, reroute, onProblem, onRecovered }: Options) {
  const [state, setState] = useState<NavigationState>(idle);
  const watchId = useRef<number | null>(null);
  const gate = useRef(createRerouteGate(REROUTE_INTERVAL_MS));
  // The latest of each, for the position callback the browser keeps calling.
  const latest = useRef({ map, path, reroute, onProblem, onRecovered, last: null as Point | null, heading: null as number | null, troubled: false });
  latest.current = { ...latest.current, map, path, reroute, onProblem, onRecovered };

  const clearWatch = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation?.clearWatch(watchId.current);
    watchId.current = null;
  }, []);

  const onPosition = useCallback((position: GeolocationPosition) => {
    const point: Point = [position.coords.latitude, position.coords.longitude];
    const current = latest.current;
    const deviceHeading = position.coords.heading;
    const heading = typeof deviceHeading === 'number' && Number.isFinite(deviceHeading)
      ? deviceHeading
      : current.last ? bearingDegrees(current.last, point) : current.heading;
    current.last = point;
    current.heading = heading;
    if (current.troubled) {
      current.troubled = false;
      current.onRecovered();
    }
    setState((before) => ({ active: true, trail: [...before.trail, point], position: point, heading }));
    current.map?.setView(point, current.map.getZoom());
    if (current.path && distanceToPathMetres(point, current.path) > OFF_ROUTE_METRES && gate.current.tryPass()) current.reroute(point);
  }, []);

  const start = useCallback(() => {
    const { map: leaflet, onProblem: tell } = latest.current;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      tell(MAP_MESSAGES.geolocationUnavailable);
      return;
    }
    clearWatch();
    gate.current.reset();
    latest.current.last = null;
    latest.current.heading = null;
    latest.current.troubled = false;
    setState({ ...idle, active: true });
    if (leaflet) leaflet.setView(latest.current.path?.[0] ?? [0, 0], NAVIGATION_ZOOM);
    watchId.current = navigator.geolocation.watchPosition(onPosition, (error) => {
      latest.current.troubled = true;
      latest.current.onProblem(locationNotice(error));
    }, MAP_POSITION_OPTIONS);
  }, [clearWatch, onPosition]);

  const stop = useCallback(() => {
    clearWatch();
    setState((before) => ({ ...before, active: false }));
  }, [clearWatch]);

  useEffect(() => clearWatch, [clearWatch]);

  return { ...state, start, stop };
}
