import { act } from '@testing-library/react';
import {
  geoAnswers, nominatimReverse, nominatimReverseCountryOnly, nominatimReverseNoCity, nominatimReverseVillage, seaPosition, toReverseAnswer,
} from '@mocks/fixtures/geo';
import { answerError } from '@mocks/handlers/answer';
import { server } from '@mocks/server';
import { renderWithProviders } from '@test-utils/render';
import { getCurrentPosition, positionFailure, useDetectLocation, type DetectOutcome } from '.';
import { toReverseGeocode } from '@/shared/api';
import { toDetectedPlace } from './lib/place-label';

const place = (address: Record<string, string>, displayName = 'Somewhere, India') => ({
  lat: 15.49,
  lon: 73.82,
  displayName,
  address,
});

/** The server's answer for a Nominatim fixture, as the SPA reads it. */
const lookedUp = (nominatim: Parameters<typeof toReverseAnswer>[0]) => toReverseGeocode(toReverseAnswer(nominatim));

describe('toDetectedPlace', () => {
  it("names 'city, state', taking town or village when there is no city", () => {
    expect(toDetectedPlace(place({ city: 'Panaji', town: 'x', state: 'Goa' }))).toEqual({ city: 'Panaji', state: 'Goa', label: 'Panaji, Goa' });
    expect(toDetectedPlace(place({ town: 'Mapusa', state: 'Goa' }))?.label).toBe('Mapusa, Goa');
    expect(toDetectedPlace(place({ village: 'Assagao', state: 'Goa' }))?.label).toBe('Assagao, Goa');
  });

  it('names a place from the Nominatim fixtures, never its street, house number or postcode (issue 32, finding 8)', () => {
    expect(toDetectedPlace(lookedUp(nominatimReverse))).toEqual({ city: 'Panaji', state: 'Goa', label: 'Panaji, Goa' });
    expect(toDetectedPlace(lookedUp(nominatimReverseVillage))).toEqual({ city: 'Assagao', state: 'Goa', label: 'Assagao, Goa' });
    // No city, town or village: the state and the country, not the display name with the highway and the postcode.
    expect(toDetectedPlace(lookedUp(nominatimReverseNoCity))).toEqual({ city: '', state: 'Maharashtra', label: 'Maharashtra, India' });
    // Only a country besides the house: the country.
    expect(toDetectedPlace(lookedUp(nominatimReverseCountryOnly))).toEqual({ city: '', state: '', label: 'Mauritania' });
    for (const nominatim of [nominatimReverse, nominatimReverseVillage, nominatimReverseNoCity, nominatimReverseCountryOnly]) {
      const { label } = toDetectedPlace(lookedUp(nominatim))!;
      const address: Record<string, string | undefined> = nominatim.address;
      for (const part of [address.road, address.postcode, address.house_number]) if (part) expect(label).not.toContain(part);
      expect(label).not.toBe(nominatim.display_name);
    }
  });

  it('falls back to the locality or state with the country, then to nothing (Unknown location)', () => {
    expect(toDetectedPlace(place({ village: 'Assagao', country: 'India' }))?.label).toBe('Assagao, India');
    expect(toDetectedPlace(place({ state: 'Goa' }))?.label).toBe('Goa');
    expect(toDetectedPlace(place({ road: 'Rua de Ourem', postcode: '403001' }, 'Rua de Ourem, 403001'))).toBeNull();
    expect(toDetectedPlace(place({}, '  '))).toBeNull();
    expect(toDetectedPlace(null)).toBeNull();
  });
});

describe('positionFailure', () => {
  it('names the kind of a browser without geolocation', async () => {
    const error: unknown = await getCurrentPosition({}).catch((failure: unknown) => failure);
    expect(positionFailure(error)).toEqual({ kind: 'unsupported', message: 'Geolocation is not supported by your browser' });
  });

  it.each([
    [
      { code: 1 },
      {
        kind: 'permission-denied',
        message: 'Permission denied to access location',
        hint: 'Could not access your precise location. Make sure location permissions are enabled in your browser.',
      },
    ],
    [{ code: 2 }, { kind: 'unavailable', message: 'Location unavailable' }],
    [{ code: 3 }, { kind: 'timeout', message: 'Unable to retrieve your location' }],
    [new Error('odd'), { kind: 'failed', message: 'Unable to retrieve your location' }],
  ])('%p → %p', (error, expected) => {
    expect(positionFailure(error)).toEqual(expected);
  });
});

describe('useDetectLocation', () => {
  let detect: () => Promise<DetectOutcome> = () => Promise.reject(new Error('not rendered'));
  function Probe() {
    detect = useDetectLocation();
    return null;
  }
  const locateAt = (latitude: number, longitude: number) =>
    Object.defineProperty(navigator, 'geolocation', {
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude, longitude, accuracy: 10 }, timestamp: 0 } as GeolocationPosition) },
      configurable: true,
    });
  afterEach(() => Reflect.deleteProperty(navigator, 'geolocation'));

  it("names the place: 'city, state'", async () => {
    locateAt(15.4909, 73.8278);
    renderWithProviders(<Probe />);
    const outcome = await act(() => detect());
    expect(outcome).toMatchObject({ ok: true, place: { label: 'Panaji, Goa' }, position: { lat: 15.4909, lon: 73.8278 } });
  });

  it.each([
    ['no geolocation', () => undefined, { kind: 'unsupported', message: 'Geolocation is not supported by your browser' }],
    ['an address nobody knows', () => locateAt(seaPosition.latitude, seaPosition.longitude), { kind: 'unknown-place', message: 'Unknown location' }],
    [
      'a lookup that fails',
      () => {
        locateAt(15.4909, 73.8278);
        server.use(answerError(geoAnswers.reverseGeocode, 'upstreamFailed'));
      },
      { kind: 'lookup-failed', message: 'Error fetching location details' },
    ],
  ])('tells %s by its kind', async (_case, arrange, error) => {
    arrange();
    renderWithProviders(<Probe />);
    expect(await act(() => detect())).toEqual({ ok: false, error });
  });
});
