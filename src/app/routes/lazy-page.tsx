import { lazy, useState, type ComponentType, type JSX } from 'react';

/** A page whose chunk loads on first render (as React.lazy), or earlier with `preload`. */
export type LazyPage = (() => JSX.Element) & { preload: () => Promise<void> };

/**
 * React.lazy, plus `preload`: a page whose chunk has loaded before it first renders is rendered as
 * it is, without suspending. That matters for the first screen: a page that suspends shows the
 * Suspense fallback, and React then holds the page back until 300 ms after that fallback (its
 * reveal throttle), even when the chunk came a few milliseconds later from the service worker.
 * Each mount keeps the way it started (lazily or not), so a page never remounts, losing what was
 * typed, when its chunk arrives meanwhile.
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
        // A chunk that failed to load (the connection dropped) is fetched again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Page() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
