import { http, HttpResponse } from 'msw';
import { geoAnswers, isAtSea, nominatimSearchFor } from '../fixtures/geo';
import { osrmRouteAnswer, parseRoutePath } from '../fixtures/osrm';

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

// The places the Nominatim stub knows, by the first word searched (Panaji otherwise; 'nowhere' finds none).
export const searchPlacesHandler = http.get(geoAnswers.searchPlaces.path, ({ request }) => {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  const results = nominatimSearchFor(q).map(({ lat, lon, display_name }) => ({ lat: Number(lat), lon: Number(lon), display_name }));
  return HttpResponse.json({ ...geoAnswers.searchPlaces.ok, results });
});

// OSRM, which the map's router (leaflet-routing-machine) asks directly: a straight route (mocks/fixtures/osrm.ts).
export const osrmRouteHandler = http.get('*/route/v1/:profile/:coordinates', ({ request }) => {
  const parsed = parseRoutePath(new URL(request.url).pathname);
  if (!parsed) return HttpResponse.json({ code: 'InvalidUrl', message: 'URL string malformed' }, { status: 400 });
  return HttpResponse.json(osrmRouteAnswer(...parsed));
});
