import { allRouteAnswers } from '../fixtures/all-routes';
import { handlers } from '.';

// The contract test (server/test/fixtures-contract.test.ts) checks the answers of allRouteAnswers;
// this checks that they are what the handlers serve: one handler per route, and no other API route.
it('serves every API route from its named answers, and nothing else', () => {
  const served = handlers
    .map((handler) => handler.info.header)
    .filter((header) => header.includes('/api/'))
    .sort();
  const named = Object.values(allRouteAnswers)
    .map((route) => `${route.method.toUpperCase()} ${route.path}`)
    .sort();
  expect(served).toEqual(named);
});
