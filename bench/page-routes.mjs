// The pages the first-load benchmark measures (npm run bench:lighthouse), in one place: a route a
// later issue adds joins here. `signedIn`: measured with the demo account's stored session.
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
];
