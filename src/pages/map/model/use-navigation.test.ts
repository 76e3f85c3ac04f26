import { act, renderHook } from '@testing-library/react';
import { MAP_MESSAGES } from '../config/map';
import type { Point } from '../lib/geometry';
import { createRerouteGate } from './reroute-gate';
import { useNavigation } from './use-navigation';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

let watcher: { success: Success; failure: Failure; options?: PositionOptions } | null;
const watchPosition = jest.fn((success: Success, failure: Failure, options?: PositionOptions) => {
  watcher = { success, failure, options };
  return 7;
});
const clearWatch = jest.fn();

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
  watcher = null;
  Object.defineProperty(navigator, 'geolocation', { value: { watchPosition, clearWatch }, configurable: true });
});
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'geolocation');
});

// A route going east along latitude 15.5.
const path: Point[] = [[15.5, 73.8], [15.5, 73.82]];
const at = (lat: number, lon: number, heading: number | null = null) =>
  act(() => watcher!.success({ coords: { latitude: lat, longitude: lon, heading, accuracy: 5 }, timestamp: Date.now() } as unknown as GeolocationPosition));

function navigate() {
  const map = { setView: jest.fn(), getZoom: jest.fn(() => 16) };
  const reroute = jest.fn();
  const onProblem = jest.fn();
  const onRecovered = jest.fn();
  const hook = renderHook(() => useNavigation({ map, path, reroute, onProblem, onRecovered }));
  return { map, reroute, onProblem, onRecovered, hook };
}

it('starts at zoom 16, watches with high accuracy, a 15 s timeout and no cached position, and follows the traveller', () => {
  const { map, hook } = navigate();
  act(() => hook.result.current.start());
  expect(map.setView).toHaveBeenCalledWith([15.5, 73.8], 16);
  expect(watcher?.options).toEqual({ enableHighAccuracy: true, timeout: 15000, maximumAge: 0 });
  at(15.5, 73.801);
  at(15.5, 73.802);
  expect(hook.result.current.trail).toEqual([[15.5, 73.801], [15.5, 73.802]]);
  expect(hook.result.current.position).toEqual([15.5, 73.802]);
  expect(map.setView).toHaveBeenLastCalledWith([15.5, 73.802], 16);
  // No heading from the device: the bearing of the last two positions (east).
  expect(hook.result.current.heading).toBeCloseTo(90);
  at(15.5, 73.803, 45);
  expect(hook.result.current.heading).toBe(45);
});

it('starting again clears the trail', () => {
  const { hook } = navigate();
  act(() => hook.result.current.start());
  at(15.5, 73.801);
  act(() => hook.result.current.start());
  expect(hook.result.current.trail).toEqual([]);
});

it('re-routes from where the traveller is when they leave the route, at most once every 5 s', () => {
  const { reroute, hook } = navigate();
  act(() => hook.result.current.start());
  at(15.5, 73.801); // on the route
  expect(reroute).not.toHaveBeenCalled();
  at(15.502, 73.801); // about 220 m north of it
  at(15.503, 73.801);
  act(() => jest.advanceTimersByTime(4_000));
  at(15.504, 73.801);
  expect(reroute).toHaveBeenCalledTimes(1);
  expect(reroute).toHaveBeenCalledWith([15.502, 73.801]);
  act(() => jest.advanceTimersByTime(1_000));
  at(15.505, 73.801);
  expect(reroute).toHaveBeenCalledTimes(2);
  expect(reroute).toHaveBeenLastCalledWith([15.505, 73.801]);
});

it('Stop ends the watch and keeps the trail', () => {
  const { hook } = navigate();
  act(() => hook.result.current.start());
  at(15.5, 73.801);
  act(() => hook.result.current.stop());
  expect(clearWatch).toHaveBeenCalledWith(7);
  expect(hook.result.current.active).toBe(false);
  expect(hook.result.current.trail).toHaveLength(1);
});

it.each([
  [1, 'Location permission denied. Please enable it in your browser settings.'],
  [2, 'Location information is unavailable.'],
  [3, 'The request to get your location timed out.'],
  [9, 'Failed to get your location.'],
])('a watch error with code %i tells the traveller "%s"; the next position clears it', (code, reason) => {
  const { onProblem, onRecovered, hook } = navigate();
  act(() => hook.result.current.start());
  act(() => watcher!.failure({ code, message: 'x' } as GeolocationPositionError));
  expect(onProblem).toHaveBeenCalledWith({ title: 'Location Error', text: reason });
  expect(onRecovered).not.toHaveBeenCalled();
  at(15.5, 73.801);
  expect(onRecovered).toHaveBeenCalledTimes(1);
});

it('without geolocation, says so and does not start', () => {
  Reflect.deleteProperty(navigator, 'geolocation');
  const { onProblem, hook } = navigate();
  act(() => hook.result.current.start());
  expect(onProblem).toHaveBeenCalledWith(MAP_MESSAGES.geolocationUnavailable);
  expect(hook.result.current.active).toBe(false);
});

it('the re-route gate lets one through per interval', () => {
  let now = 0;
  const gate = createRerouteGate(5_000, () => now);
  expect(gate.tryPass()).toBe(true);
  now = 4_999;
  expect(gate.tryPass()).toBe(false);
  now = 5_000;
  expect(gate.tryPass()).toBe(true);
  gate.reset();
  expect(gate.tryPass()).toBe(true);
});
