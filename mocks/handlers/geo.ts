import { http, HttpResponse } from 'msw';
import { geoAnswers, isAtSea } from '../fixtures/geo';

// The answer for the coordinates asked; the open sea has no address, as with the Nominatim stub.
export const reverseGeocodeHandler = http.get(geoAnswers.reverseGeocode.path, ({ request }) => {
  const query = new URL(request.url).searchParams;
  const lat = Number(query.get('lat'));
  const lon = Number(query.get('lon'));
  if (isAtSea(lat, lon)) {
    const { status, body } = geoAnswers.reverseGeocode.errors.unknownPlace;
    return HttpResponse.json(body, { status });
  }
  return HttpResponse.json({ ...geoAnswers.reverseGeocode.ok, lat, lon });
});
