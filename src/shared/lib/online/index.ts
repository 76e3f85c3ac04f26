import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a connection, as it reports it (`navigator.onLine` and its `online` /
 * `offline` events). False means certainly offline; true only means a network is there, so a
 * request can still fail: callers treat a failed fetch as offline too (see the offline queue).
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `onChange(online)` whenever the browser goes offline or back online; returns the unsubscribe. */
export function onOnlineChange(onChange: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const online = () => onChange(true);
  const offline = () => onChange(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

const subscribe = (notify: () => void) => onOnlineChange(notify);

/** The connection state for a component (the offline banner, "waiting to send"), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
