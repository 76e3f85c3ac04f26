import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './entrypoint';
import { makeStore } from './model';
import './styles/global.css';

/**
 * `npm run dev:mock`: API answers come from the MSW handlers in mocks/. A constant ternary (not
 * async/await, which Babel rewrites) lets webpack drop the branch, and msw, from other builds.
 */
const mocking: Promise<unknown> = __MOCK__
  ? import('@mocks/browser').then(({ worker }) => worker.start({ onUnhandledRequest: 'bypass' }))
  : Promise.resolve();

// The app starts in a task of its own, after the one that ran the modules: two shorter tasks keep a
// phone's main thread free for input sooner than one long one would.
const modulesRun = new Promise((resolve) => window.setTimeout(resolve, 0));

Promise.all([mocking, modulesRun]).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a phone stays responsive while the app starts.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={makeStore()} />
      </StrictMode>,
    );
  });
});
