import { StrictMode } from 'react';
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

mocking.then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={makeStore()} />
    </StrictMode>,
  );
});
