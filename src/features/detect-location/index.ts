export { useDetectLocation } from './model/use-detect-location';
export type { DetectOutcome } from './model/use-detect-location';
export { toDetectedPlace } from './lib/place-label';
export type { DetectedPlace } from './lib/place-label';
export type { DetectFailure } from './lib/geolocation';
export { GEO_MESSAGES } from './config/messages';
export { getCurrentPosition, GeolocationUnsupportedError } from './lib/geolocation';
