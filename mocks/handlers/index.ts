import { allRouteAnswers } from '../fixtures/all-routes';
import { geoAnswers } from '../fixtures/geo';
import { authAnswers } from '../fixtures/auth';
import { answerOk } from './answer';
import { loginHandler } from './auth';
import { reverseGeocodeHandler } from './geo';
import { uploadsHandler } from './users';

// Every route answers its `ok` fixture; the mocks check no rules (tests of error paths override a
// handler with the route's named error: `server.use(answerError(route, 'name'))`). Two routes pick
// among their fixtures by what was sent: login (the demo accounts) and the reverse lookup (the sea).
const special = new Set<object>([authAnswers.login, geoAnswers.reverseGeocode]);

export const handlers = [
  loginHandler,
  reverseGeocodeHandler,
  ...Object.values(allRouteAnswers)
    .filter((route) => !special.has(route))
    .map((route) => answerOk(route)),
  uploadsHandler,
];
