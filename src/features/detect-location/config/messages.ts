// Spec §8 Geolocation (profile); the Location page shows the same words.
export const GEO_MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser',
  permissionDenied: 'Permission denied to access location',
  permissionHint: 'Could not access your precise location. Make sure location permissions are enabled in your browser.',
  unavailable: 'Location unavailable',
  failed: 'Unable to retrieve your location',
  lookupFailed: 'Error fetching location details',
  unknown: 'Unknown location',
} as const;

/** Spec §9: high accuracy, 10 s timeout, no cached position. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };
