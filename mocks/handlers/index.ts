import { allRouteAnswers } from '../fixtures/all-routes';
import { geoAnswers } from '../fixtures/geo';
import { authAnswers } from '../fixtures/auth';
import { tripsAnswers } from '../fixtures/trips';
import { answerOk } from './answer';
import { loginHandler } from './auth';
import { osrmRouteHandler, reverseGeocodeHandler, searchPlacesHandler } from './geo';
import { companionMatchingHandler } from './trips';
import { uploadsHandler } from './users';

// Every route answers its `ok` fixture; the mocks check no rules (tests of error paths override a
// handler with the route's named error: `server.use(answerError(route, 'name'))`). Four routes pick
// among their fixtures by what was sent: login (the demo accounts), the reverse lookup (the sea),
// the place search (a few places by name) and the companion switch (on or off). OSRM, which the map
// asks directly, is mocked here too.
const special = new Set<object>([authAnswers.login, geoAnswers.reverseGeocode, geoAnswers.searchPlaces, tripsAnswers.setCompanionMatching]);

export const handlers = [
  loginHandler,
  reverseGeocodeHandler,
  searchPlacesHandler,
  osrmRouteHandler,
  companionMatchingHandler,
  ...Object.values(allRouteAnswers)
    .filter((route) => !special.has(route))
    .map((route) => answerOk(route)),
  uploadsHandler,
];
