import type { Dispatch } from '@reduxjs/toolkit';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { isOnline, onOnlineChange } from '../lib/online';
import { flushQueue, loadQueue, queuedActions, reapplyQueued, retryLater, retryPlanned, setEndpointLoader, stopRetrying, subscribeQueue } from './offline-queue';

type State = { session: SessionState };
interface QueueStore {
  dispatch: Dispatch;
  getState: () => unknown;
}

/**
 * The endpoints whose actions may wait, loaded the first time an action waits: the queue sends and
 * shows what was kept before any of their screens is opened (a message queued, then a reload on the
 * home page). A visitor, and a member with nothing waiting, never load them: on a first visit these
 * chunks would share a slow connection with the first screen's script and data.
 */
const loadQueueingEndpoints = () => Promise.all([import('./endpoints/messages'), import('./endpoints/whispers'), import('./endpoints/event-attendance')]);

/**
 * Runs the queue for the app: the signed-in member's kept actions are read (and their optimistic
 * state shown), and sent at start-up when online, whenever the browser comes back online, and when
 * a member signs in. Returns the stop function.
 */
export function startOfflineQueue(store: QueueStore & { subscribe: (listener: () => void) => () => void }): () => void {
  let endpoints: Promise<unknown> | undefined;
  // Loaded once; a failed load (no connection yet) is tried again by the next run.
  const whenEndpoints = () => (endpoints ??= loadQueueingEndpoints().catch((error: unknown) => {
    endpoints = undefined;
    throw error;
  }));
  // Every run of the queue awaits them first (offline-queue.ts), whatever started it.
  setEndpointLoader(whenEndpoints);
  let current: string | null | undefined;
  const sync = () => {
    const state = store.getState() as State;
    const member = selectToken(state) ? selectUserId(state) : null;
    if (member === current) return;
    current = member;
    if (!member) return;
    void loadQueue(member)
      .then(async () => {
        if (queuedActions().length === 0) return;
        // Their optimistic state is put back by functions their modules declare (`queueable`).
        await whenEndpoints().catch(() => undefined);
        if (current !== member) return;
        reapplyQueued(store);
        if (isOnline()) void flushQueue(store);
      })
      .catch(() => undefined);
  };
  sync();
  const stopStore = store.subscribe(sync);
  const stopOnline = onOnlineChange((online) => {
    if (online) void flushQueue(store);
  });
  // An action queued while the browser says it is online got no answer: try again in a while.
  const stopQueue = subscribeQueue(() => {
    if (queuedActions().length > 0 && isOnline() && !retryPlanned()) retryLater(store);
  });
  return () => {
    setEndpointLoader(null);
    stopStore();
    stopOnline();
    stopQueue();
    stopRetrying();
  };
}

