import { useState } from 'react';
import { useInterval } from '../use-interval';

/** The time now, refreshed every `everyMs` (relative times such as '5 minutes ago' stay true: spec §9, 30 s). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), everyMs);
  return now;
}
