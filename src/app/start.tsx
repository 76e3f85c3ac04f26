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
  // Actions the member took offline (kept across a reload) show and go out at once if online (a note
  // in localStorage says some wait), else when the connection returns; the queue of a member with
  // nothing waiting starts once the first screen is drawn. A visitor never loads it.
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
