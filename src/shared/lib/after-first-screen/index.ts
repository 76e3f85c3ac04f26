/**
 * How long after the page's load event the first screen may still be drawing. In this SPA the load
 * event comes when the app's own scripts have run, before the screen's data (and its images) have
 * arrived: on a slow phone they come in the seconds after it.
 */
export const AFTER_LOAD_MS = 3000;
/** Then at most this long for an idle main thread. */
export const IDLE_TIMEOUT_MS = 2000;

let settled: Promise<void> | undefined;

/**
 * When the load event ended, in performance.now() time, where the browser says: Navigation Timing 2,
 * else the first version's (older WebViews); neither in jsdom.
 */
function loadEnded(): number | undefined {
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  if (navigation && navigation.loadEventEnd > 0) return navigation.loadEventEnd;
  const timing = (performance as { timing?: { loadEventEnd: number; navigationStart: number } }).timing;
  return timing && timing.loadEventEnd > 0 ? timing.loadEventEnd - timing.navigationStart : undefined;
}

/**
 * Resolves AFTER_LOAD_MS after the page's load event, when the main thread is next idle (at most
 * IDLE_TIMEOUT_MS later). Work the first screen does not need waits for it (the service worker's
 * registration, the offline machinery's code and database): it never adds a request, nor a task,
 * to those that draw that screen on a slow phone. A page that has loaded already waits what remains
 * of AFTER_LOAD_MS since; where no load time is known (jsdom), and without requestIdleCallback
 * (Safari, jsdom), there is no wait for that part.
 */
export function afterFirstScreen(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }) : resolve());
    const after = (ms: number) => (ms > 0 ? window.setTimeout(whenIdle, ms) : whenIdle());
    if (document.readyState !== 'complete') {
      window.addEventListener('load', () => after(AFTER_LOAD_MS), { once: true });
      return;
    }
    const ended = loadEnded();
    after(ended === undefined ? 0 : ended + AFTER_LOAD_MS - performance.now());
  });
  return settled;
}
