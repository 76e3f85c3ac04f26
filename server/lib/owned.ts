import { conflict, forbidden, type HttpError } from './http-error.js';

/**
 * What an owner's write found in its transaction: no such record, someone else's, changed meanwhile
 * (an image it keeps was dropped by another edit), or done.
 */
export type Owned<T> = { outcome: 'missing' | 'forbidden' | 'changed' } | { outcome: 'done'; value: T };

/** The value of a write that was done; otherwise its answer: `missing()` (404), 403, or 409 naming the `record`. */
export const doneOr = (missing: () => HttpError, record: string) => <T>(result: Owned<T>): T => {
  if (result.outcome === 'done') return result.value;
  if (result.outcome === 'missing') throw missing();
  if (result.outcome === 'forbidden') throw forbidden();
  throw conflict(`This ${record} was changed meanwhile. Please reload it and try again.`);
};
