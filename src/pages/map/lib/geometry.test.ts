import { bearingDegrees, distanceMetres, distanceToPathMetres, formatDistance, formatDuration, type Point } from './geometry';

const panaji: Point = [15.4989, 73.8282];
const calangute: Point = [15.5439, 73.7553];

it('measures metres between places', () => {
  expect(distanceMetres(panaji, calangute)).toBeGreaterThan(9_200);
  expect(distanceMetres(panaji, calangute)).toBeLessThan(9_400);
  expect(distanceMetres(panaji, panaji)).toBe(0);
});

it('gives the compass bearing: north 0, east 90, south 180, west 270', () => {
  expect(bearingDegrees([0, 0], [1, 0])).toBeCloseTo(0);
  expect(bearingDegrees([0, 0], [0, 1])).toBeCloseTo(90);
  expect(bearingDegrees([1, 0], [0, 0])).toBeCloseTo(180);
  expect(bearingDegrees([0, 1], [0, 0])).toBeCloseTo(270);
});

it('measures how far a point is from a path: zero on it, the gap beside it, the nearest end beyond it', () => {
  const path: Point[] = [[15.5, 73.8], [15.5, 73.81], [15.51, 73.81]];
  expect(distanceToPathMetres([15.5, 73.805], path)).toBeLessThan(1);
  // 0.001 degrees of latitude is about 111 m.
  expect(distanceToPathMetres([15.501, 73.805], path)).toBeCloseTo(111, -1);
  expect(distanceToPathMetres([15.5, 73.79], path)).toBeCloseTo(distanceMetres([15.5, 73.79], [15.5, 73.8]), 0);
  expect(distanceToPathMetres([15.5, 73.8], [])).toBe(Infinity);
});

it('writes distances and durations for people', () => {
  expect(formatDistance(850.4)).toBe('850 m');
  expect(formatDistance(9_312)).toBe('9.3 km');
  expect(formatDistance(245_000)).toBe('245 km');
  expect(formatDuration(20)).toBe('1 min');
  expect(formatDuration(14 * 60)).toBe('14 min');
  expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
  expect(formatDuration(3 * 3600)).toBe('3 h');
});
