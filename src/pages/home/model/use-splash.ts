import { useEffect, useState } from 'react';
import { readString, writeString } from '@/shared/lib/storage';

/** sessionStorage key: the splash shows once per browser session. */
export const SPLASH_SEEN_KEY = 'splashShown';
/** Spec §9: the splash shows for 2000 ms. */
export const SPLASH_DURATION_MS = 2000;

/** True during the first home visit of the session, for 2 s; then marked as seen. */
export function useSplash(): boolean {
  const [visible, setVisible] = useState(() => readString(SPLASH_SEEN_KEY, 'session') === null);

  useEffect(() => {
    if (!visible) return undefined;
    const timer = window.setTimeout(() => {
      writeString(SPLASH_SEEN_KEY, 'true', 'session');
      setVisible(false);
    }, SPLASH_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return visible;
}
