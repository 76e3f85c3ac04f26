import { http, HttpResponse } from 'msw';
import { reverseAnswer, searchAnswer, seaPosition } from '../fixtures/geo';

// Mirrors server/modules/geo/routes.ts (our Nominatim proxy).
const coordinate = /^[-+]?\d{1,3}(\.\d{1,15})?$/;
const parse = (raw: string | null, limit: number) => {
  const value = raw?.trim() ?? '';
  return coordinate.test(value) && Math.abs(Number(value)) <= limit ? Number(value) : undefined;
};

export const geoHandlers = [
  http.get('*/api/geo/reverse', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const lat = parse(query.get('lat'), 90);
    if (lat === undefined) return HttpResponse.json({ message: 'Valid latitude is required' }, { status: 400 });
    const lon = parse(query.get('lon'), 180);
    if (lon === undefined) return HttpResponse.json({ message: 'Valid longitude is required' }, { status: 400 });
    if (lat === seaPosition.latitude && lon === seaPosition.longitude) {
      return HttpResponse.json({ status: false, message: 'Unknown location' }, { status: 404 });
    }
    return HttpResponse.json({ ...reverseAnswer, lat, lon });
  }),

  http.get('*/api/geo/search', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q')?.trim();
    if (!q) return HttpResponse.json({ message: 'Please enter an address first' }, { status: 400 });
    return HttpResponse.json(searchAnswer);
  }),
];
