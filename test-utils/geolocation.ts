export type Success = (position: GeolocationPosition) => void;
export type Failure = (error: GeolocationPositionError) => void;

/** navigator.geolocation for jsdom, which has none: each ask is answered by `answer`; the mock counts the asks. */
export function mockGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = jest.fn((success: Success, failure: Failure) => answer(success, failure));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** An answer: the device is at this place, now. */
export const positionAt =
  ({ latitude, longitude }: { latitude: number; longitude: number }, accuracy = 12) =>
  (success: Success) =>
    success({ coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition);

/** An answer: the browser's failure with this code (1 denied, 2 unavailable, 3 timed out). */
export const failing = (code: number, message = '') => (_success: Success, failure: Failure) =>
  failure({ code, message, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
