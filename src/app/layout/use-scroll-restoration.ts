import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// The key react-router's <ScrollRestoration> used, so positions saved by earlier builds still apply.
const STORAGE_KEY = 'react-router-scroll-positions';

function readStoredPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scroll restoration as react-router's <ScrollRestoration> does it (that component needs the data
 * router, see ../routes/app-routes.tsx): each history entry keeps the position it was left at, and
 * going back or forward to it, or reloading it, returns there; a new entry goes to its #hash element,
 * else to the top. Applied once the new location is on screen.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const positions = useRef<Record<string, number>>({});
  const shownKey = useRef(location.key);

  useLayoutEffect(() => {
    positions.current = readStoredPositions();
  }, []);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Recorded while scrolling: by the time a navigation renders, the next page may already be in
    // the DOM and the old position gone.
    const record = () => {
      positions.current[shownKey.current] = window.scrollY;
    };
    // Leaving the document (reload, another site): kept for this tab; the browser's own restoration back on.
    const persist = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or blocked: positions are then not kept across reloads.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions.current[location.key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // A hash that is not a decodable element id: no element to scroll to.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location]);
}
