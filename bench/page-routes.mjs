// The pages the first-load benchmark measures (npm run bench:lighthouse), in one place: a route a
// later issue adds joins here. `signedIn`: measured with the demo account's stored session.
// `idFrom`: the `:id` in the path is the first record of that list (the demo content's ids are made
// afresh on every start).
export const pageRoutes = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/forgot-password', signedIn: false },
  { path: '/about-us', signedIn: false },
  { path: '/help-support', signedIn: false },
  { path: '/profile', signedIn: true },
  { path: '/settings', signedIn: true },
  { path: '/events', signedIn: false },
  { path: '/needs', signedIn: false },
  { path: '/skills', signedIn: false },
  { path: '/needs/:id', signedIn: false, idFrom: { list: '/api/all-needs?limit=1', key: 'data' } },
  { path: '/events/:id', signedIn: false, idFrom: { list: '/api/all-requests?limit=1', key: 'events' } },
  { path: '/skills/:id', signedIn: false, idFrom: { list: '/api/skills?limit=1', key: 'skills' } },
  { path: '/needs/create-needs', signedIn: true },
  { path: '/events/add-event', signedIn: true },
  { path: '/skills/add-skills', signedIn: true },
  { path: '/plan-trip', signedIn: true },
  // Its own target (the map issue's): performance at least 90, with Leaflet and the routing machine.
  { path: '/map', signedIn: false, ownTarget: { performance: 90 } },
];
