import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOfflineQueueForMembers } from '@/shared/api';
import { AppProviders } from './entrypoint';
import { makeStore } from './model';

/** Renders the app into #root (src/app/index.tsx runs this once the modules before it have run). */
export function startApp() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  const store = makeStore();
  // Actions the member took offline (kept across a reload) go out once the first screen is drawn if
  // online, else when the connection returns; for a member only (a visitor never loads the queue).
  startOfflineQueueForMembers(store);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a phone stays responsive while the app starts.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store} />
      </StrictMode>,
    );
  });
}
