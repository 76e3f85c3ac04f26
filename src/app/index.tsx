import './styles/global.css';
import { afterFirstScreen } from '@/shared/lib/after-first-screen';
import { startTheme } from '@/shared/lib/theme';
import { reloadWhenReplaced } from './pwa/reload-when-replaced';

// The device's theme, first of all: before React and the first render, so a page never shows in
// the other theme first. (The CSP allows no inline script in index.html; with no choice stored the
// CSS follows the system by itself even before this runs.)
startTheme();

/**
 * `npm run dev:mock`: API answers come from the MSW handlers in mocks/. A constant ternary (not
 * async/await, which Babel rewrites) lets webpack drop the branch, and msw, from other builds.
 */
const mocking: Promise<unknown> = __MOCK__
  ? import('@mocks/browser').then(({ worker }) => worker.start({ onUnhandledRequest: 'bypass' }))
  : Promise.resolve();

/**
 * The service worker (issue 36), production builds only: never in jest, nor in dev:mock (MSW has a
 * worker of its own there) nor the dev server. Registered once the first screen is drawn
 * (afterFirstScreen: a few seconds after the load event, then when idle), its code (workbox-window)
 * a chunk of its own then: the first screen's data and images come after load on a slow phone, and
 * the worker's install downloads the whole precache (about 350 KB compressed), which must not
 * compete with them. A visit shorter than that installs it next time.
 */
function registerServiceWorkerLater() {
  if (process.env.NODE_ENV !== 'production' || __MOCK__ || !('serviceWorker' in navigator)) return;
  reloadWhenReplaced();
  void afterFirstScreen()
    .then(() => import('./pwa/register-service-worker'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    // Its chunk could not load (the connection dropped): the next visit registers it.
    .catch(() => undefined);
}

/** Resolves in a later task: what follows runs after the browser has had its turn. */
const nextTask = () => new Promise((resolve) => window.setTimeout(resolve, 0));

// The app's modules run in three tasks, not one: React's renderer; then Redux Toolkit, the api slice
// with every endpoint, and the store; then the routes, the layout and the first render. Each is
// shorter than the one long task they made together, so a phone's main thread is free for input
// between them. The imports are "eager": the code is in this bundle (no extra request), only run
// later.
mocking
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './model'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './start'))
  .then(({ startApp }) => {
    startApp();
    registerServiceWorkerLater();
  })
  .catch((error: unknown) => {
    // Nothing can be shown without the app's code: say so where the app would have been, and let
    // the failure surface as an unhandled rejection.
    const container = document.getElementById('root');
    if (container) container.textContent = 'Need Spot could not start. Please reload the page.';
    throw error;
  });
