/** At most this long after the load event, even on a main thread that is never idle. */
export const IDLE_TIMEOUT_MS = 1000;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and then the main thread is idle (or IDLE_TIMEOUT_MS after the
 * load event). Work the first screen does not need waits for it: it never adds a request, nor a task,
 * to the ones that draw that screen on a slow phone. Without requestIdleCallback (Safari), right
 * after the load event; where the page has loaded already, only the idle wait (neither: at once, as
 * in jsdom).
 */
export function afterFirstScreen(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return resolve();
    const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }) : resolve());
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return settled;
}
