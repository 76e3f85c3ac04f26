import { useSyncExternalStore } from 'react';

/**
 * A new version of the app waiting to take over (its service worker installed, waiting): what the
 * update prompt shows. `apply` hands over to it and reloads; set by register-service-worker.ts.
 */
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(applyUpdate: () => void) {
  apply = applyUpdate;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The waiting version's `apply`, or null while the running version is the newest. */
export function useUpdateOffer(): (() => void) | null {
  return useSyncExternalStore(subscribe, () => apply, () => null);
}
