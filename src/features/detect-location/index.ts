export { useDetectLocation } from './model/use-detect-location';
export type { DetectOutcome } from './model/use-detect-location';
export { toDetectedPlace } from './lib/place-label';
export type { DetectedPlace } from './lib/place-label';
export { getCurrentPosition, positionFailure } from './lib/geolocation';
export type { DetectFailure, DetectFailureKind } from './lib/geolocation';
