import { allRouteAnswers } from '../fixtures/all-routes';
import { geoAnswers } from '../fixtures/geo';
import { authAnswers } from '../fixtures/auth';
import { answerOk } from './answer';
import { loginHandler } from './auth';
import { osrmRouteHandler, reverseGeocodeHandler, searchPlacesHandler } from './geo';
import { uploadsHandler } from './users';

// Every route answers its `ok` fixture; the mocks check no rules (tests of error paths override a
// handler with the route's named error: `server.use(answerError(route, 'name'))`). Three routes pick
// among their fixtures by what was sent: login (the demo accounts), the reverse lookup (the sea) and
// the place search (a few places by name). OSRM, which the map asks directly, is mocked here too.
const special = new Set<object>([authAnswers.login, geoAnswers.reverseGeocode, geoAnswers.searchPlaces]);

export const handlers = [
  loginHandler,
  reverseGeocodeHandler,
  searchPlacesHandler,
  osrmRouteHandler,
  ...Object.values(allRouteAnswers)
    .filter((route) => !special.has(route))
    .map((route) => answerOk(route)),
  uploadsHandler,
];
