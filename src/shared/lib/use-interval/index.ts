import { useEffect, useRef } from 'react';

/**
 * Calls `callback` every `delay` ms; `null` pauses. The latest callback is always used, and changing
 * `resetKey` restarts the count (a carousel restarts its timer after a manual slide change).
 */
export function useInterval(callback: () => void, delay: number | null, resetKey?: unknown): void {
  const saved = useRef(callback);

  useEffect(() => {
    saved.current = callback;
  }, [callback]);

  useEffect(() => {
    if (delay === null) return undefined;
    const id = window.setInterval(() => saved.current(), delay);
    return () => window.clearInterval(id);
  }, [delay, resetKey]);
}
