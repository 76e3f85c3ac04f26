import { useCallback, useEffect, useRef, useState } from 'react';
import { useDetectLocation, type DetectFailure } from '@/features/detect-location';

/** Spec §4 / §9: turning the switch on waits 1 s before asking for the position. */
export const SWITCH_DELAY_MS = 1000;

/**
 * The 'Use Current Location' switch: on → wait, locate, fill the field; off → clear the field; a
 * failure turns it off again with the reason. A newer toggle makes an older, still running one moot.
 */
export function useLocationSwitch(setLocation: (location: string) => void) {
  const detect = useDetectLocation();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DetectFailure | null>(null);
  const run = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      run.current += 1;
      window.clearTimeout(timer.current);
    },
    [],
  );

  const toggle = useCallback(
    (next: boolean) => {
      run.current += 1;
      const id = run.current;
      window.clearTimeout(timer.current);
      setError(null);
      setOn(next);
      setBusy(next);
      if (!next) {
        setLocation('');
        return;
      }
      timer.current = window.setTimeout(async () => {
        const outcome = await detect();
        if (run.current !== id) return;
        setBusy(false);
        if (outcome.ok) {
          setLocation(outcome.place.label);
        } else {
          setOn(false);
          setError(outcome.error);
        }
      }, SWITCH_DELAY_MS);
    },
    [detect, setLocation],
  );

  return { on, busy, error, toggle };
}
