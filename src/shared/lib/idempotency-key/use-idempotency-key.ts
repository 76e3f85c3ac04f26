import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './new-key';

const sameParts = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, index) => Object.is(part, b[index]));

/**
 * One Idempotency-Key per submission attempt: `keyFor(parts)` makes a new key
 * unless the parts (the values and the very File objects) are those of the last attempt. Then it is
 * a retry of the same data, and the server answers it with the first answer instead of a second
 * record. `reset()` after a success: a new submission is a new attempt.
 */
export function useIdempotencyKey() {
  const last = useRef<{ key: string; parts: readonly unknown[] } | null>(null);

  const keyFor = useCallback((parts: readonly unknown[]) => {
    if (last.current && sameParts(last.current.parts, parts)) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { key, parts };
    return key;
  }, []);

  const reset = useCallback(() => {
    last.current = null;
  }, []);

  return { keyFor, reset };
}
