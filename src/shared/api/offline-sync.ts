import type { Dispatch } from '@reduxjs/toolkit';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { isOnline, onOnlineChange } from '../lib/online';
import { eventAttendanceApi } from './endpoints/event-attendance';
import { messagesApi } from './endpoints/messages';
import { whispersApi } from './endpoints/whispers';
import { flushQueue, loadQueue, reapplyQueued, stopRetrying } from './offline-queue';

type State = { session: SessionState };
interface QueueStore {
  dispatch: Dispatch;
  getState: () => unknown;
}

/**
 * The endpoints whose actions may wait. The app loads their modules at start (through this file),
 * not with the first screen that uses them: the queue sends and shows what waits before any of
 * those screens is opened (a message queued, then a reload on the home page).
 */
export const QUEUEING_APIS = [messagesApi, whispersApi, eventAttendanceApi] as const;

/**
 * Runs the queue for the app: the signed-in member's kept actions are read (and their optimistic
 * state shown), and sent at start-up when online, whenever the browser comes back online, and when
 * a member signs in. Returns the stop function.
 */
export function startOfflineQueue(store: QueueStore & { subscribe: (listener: () => void) => () => void }): () => void {
  // Referenced, so the bundler keeps their modules (and their queue handlers) in the entry chunk.
  void QUEUEING_APIS;
  let current: string | null | undefined;
  const sync = () => {
    const state = store.getState() as State;
    const member = selectToken(state) ? selectUserId(state) : null;
    if (member === current) return;
    current = member;
    if (!member) return;
    void loadQueue(member).then(() => {
      if (current !== member) return;
      reapplyQueued(store);
      if (isOnline()) void flushQueue(store);
    });
  };
  sync();
  const stopStore = store.subscribe(sync);
  const stopOnline = onOnlineChange((online) => {
    if (online) void flushQueue(store);
  });
  return () => {
    stopStore();
    stopOnline();
    stopRetrying();
  };
}

