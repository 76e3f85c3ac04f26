import { useEffect, useState, type ComponentType, type JSX } from 'react';
import { PageFallback } from '../layout/app-layout';

/** A page whose chunk loads when it first mounts, or earlier with `preload`. */
export type LazyPage = (() => JSX.Element) & { preload: () => Promise<void> };

/**
 * A page in a chunk of its own. It shows the page's spinner until the chunk has come, then the
 * page, by an update of its own: not by suspending, as React.lazy does. After a Suspense fallback
 * React holds the content back until 300 ms after that fallback (its reveal throttle), even when
 * the chunk came a few milliseconds later from the service worker; on a repeat visit the socket's
 * chunk, the API reads and their work then fell before the page's largest paint. `preload` asks for
 * the chunk before the page mounts (the first screen's, at start: routes.tsx `preloadPage`); a page
 * whose chunk is there when it mounts is drawn at once. A chunk that failed to load is thrown to
 * the route's error boundary, and asked for again when the page next mounts.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => {
        loaded = page;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    const [state, setState] = useState<{ page?: ComponentType; error?: unknown }>(() => ({ page: loaded }));
    useEffect(() => {
      if (state.page || state.error) return undefined;
      let mounted = true;
      preload().then(
        () => mounted && setState({ page: loaded }),
        (error: unknown) => mounted && setState({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    if (state.error) throw state.error;
    const Loaded = state.page;
    return Loaded ? <Loaded /> : <PageFallback />;
  }
  return Object.assign(Page, { preload });
}
