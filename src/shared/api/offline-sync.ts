import type { Dispatch } from '@reduxjs/toolkit';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { isOnline, onOnlineChange } from '../lib/online';
import { flushQueue, loadQueue, queuedActions, reapplyQueued, retryLater, retryPlanned, stopRetrying, subscribeQueue } from './offline-queue';

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
  // Only once the endpoints are there: the queue drops an action whose endpoint it does not know.
  const whenEndpoints = () => (endpoints ??= loadQueueingEndpoints());
  let current: string | null | undefined;
  const sync = () => {
    const state = store.getState() as State;
    const member = selectToken(state) ? selectUserId(state) : null;
    if (member === current) return;
    current = member;
    if (!member) return;
    void loadQueue(member)
      .then(() => (queuedActions().length > 0 ? whenEndpoints() : undefined))
      .then(() => {
        if (current !== member || queuedActions().length === 0) return;
        reapplyQueued(store);
        if (isOnline()) void flushQueue(store);
      });
  };
  sync();
  const stopStore = store.subscribe(sync);
  const stopOnline = onOnlineChange((online) => {
    if (online && queuedActions().length > 0) void whenEndpoints().then(() => flushQueue(store));
  });
  const stopQueue = subscribeQueue(() => {
    if (queuedActions().length === 0) return;
    void whenEndpoints();
    // An action queued while the browser says it is online got no answer: try again in a while.
    if (isOnline() && !retryPlanned()) retryLater(store);
  });
  return () => {
    stopStore();
    stopOnline();
    stopQueue();
    stopRetrying();
  };
}

