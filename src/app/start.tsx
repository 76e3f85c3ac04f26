import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOfflineQueueForMembers } from '@/shared/api';
import { AppProviders } from './entrypoint';
import { makeStore } from './model';
import { preloadPage } from './routes';

/**
 * How long the first render waits for the page's chunk (from the service worker: a few
 * milliseconds). Past that (a first visit on a slow connection) the layout shows at once, with the
 * page's fallback until its chunk comes.
 */
export const PAGE_WAIT_MS = 250;

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
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders store={store} />
        </StrictMode>,
      );
    });
  // The page's chunk is asked for now, beside the rest of the start, and the first render shows it
  // without its fallback when it comes in time (routes/lazy-page.tsx).
  const waited = new Promise((resolve) => window.setTimeout(resolve, PAGE_WAIT_MS));
  void Promise.race([preloadPage(window.location.pathname).catch(() => undefined), waited]).then(render);
}
