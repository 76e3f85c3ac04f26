import { positionFailure, GeolocationUnsupportedError } from './lib/geolocation';
import { toDetectedPlace } from './lib/place-label';

const place = (address: Record<string, string>, displayName = 'Somewhere, India') => ({
  lat: 15.49,
  lon: 73.82,
  displayName,
  address,
});

describe('toDetectedPlace', () => {
  it("names 'city, state', taking town or village when there is no city", () => {
    expect(toDetectedPlace(place({ city: 'Panaji', town: 'x', state: 'Goa' }))).toEqual({ city: 'Panaji', state: 'Goa', label: 'Panaji, Goa' });
    expect(toDetectedPlace(place({ town: 'Mapusa', state: 'Goa' }))?.label).toBe('Mapusa, Goa');
    expect(toDetectedPlace(place({ village: 'Assagao', state: 'Goa' }))?.label).toBe('Assagao, Goa');
  });

  it('falls back to the display name, then to nothing (Unknown location)', () => {
    expect(toDetectedPlace(place({ state: 'Goa' }))?.label).toBe('Somewhere, India');
    expect(toDetectedPlace(place({ city: 'Panaji' }, '  ' ))).toBeNull();
    expect(toDetectedPlace(null)).toBeNull();
  });
});

describe('positionFailure', () => {
  it.each([
    [new GeolocationUnsupportedError('x'), { message: 'Geolocation is not supported by your browser' }],
    [
      { code: 1 },
      {
        message: 'Permission denied to access location',
        hint: 'Could not access your precise location. Make sure location permissions are enabled in your browser.',
      },
    ],
    [{ code: 2 }, { message: 'Location unavailable' }],
    [{ code: 3 }, { message: 'Unable to retrieve your location' }],
    [new Error('odd'), { message: 'Unable to retrieve your location' }],
  ])('%p → %p', (error, expected) => {
    expect(positionFailure(error)).toEqual(expected);
  });
});
