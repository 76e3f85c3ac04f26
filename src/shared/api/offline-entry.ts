import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { afterFirstScreen } from '../lib/after-first-screen';
import { onOnlineChange } from '../lib/online';
import type { startOfflineQueue as StartOfflineQueue } from './offline-sync';

/**
 * What the main bundle holds of the offline machinery (README "What a first visit does not load"):
 * which answers are kept and under what key, the counter that stops a late write after a clear, the
 * store's hook for waiting actions, and the queue's start for a signed-in member. The rest (the
 * answers' store, the queue, IndexedDB's code) is loaded when a member has something to keep or to
 * send: a visitor's first visit never downloads it, nor runs it.
 */

/** The queries whose answers are kept: the member's conversations, trips, the boards and their details, profiles. */
export const KEPT_ENDPOINTS: ReadonlySet<string> = new Set([
  'getInbox', 'getConversation',
  'getMyTrips',
  'getNeeds', 'getNeed',
  'getEvents', 'getEvent', 'getMyEvents', 'getEventAttendees',
  'getSkills', 'getSkill',
  'getWhispers', 'getWhisper', 'getWhisperProfile', 'getComments',
  'getUser',
]);

/**
 * The request as a key: its path and its query parameters in a fixed order (a cursor, a search),
 * so the same request reads the same entry.
 */
export function requestKey(args: string | { url: string; params?: Record<string, unknown> }): string {
  if (typeof args === 'string') return args;
  const params = Object.entries(args.params ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return params.length > 0 ? `${args.url}?${params.join('&')}` : args.url;
}

/** Raised by every clear: a write begun before it (an answer arriving late) is not made after it. */
let generation = 0;
export const clearGeneration = () => generation;
/** A clear begins (a session ended): every write begun before it is void. */
export function raiseClearGeneration(): void {
  generation += 1;
}

/** IndexedDB where there is one (not in a private window of some browsers, nor under jest without fake-indexeddb). */
export const offlineStorageAvailable = () => typeof indexedDB !== 'undefined';

type ActionHook = (store: Parameters<Middleware>[0], action: UnknownAction) => void;
/** Set by the queue (offline-queue.ts) when it loads: it puts waiting actions' optimistic state back on answers read. */
let afterAction: ActionHook | null = null;
export function setQueueActionHook(hook: ActionHook | null): void {
  afterAction = hook;
}

/** The store's way into the queue: nothing until the queue's code is loaded (a member's), then its hook after every action. */
export const offlineQueueMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  afterAction?.(store, action as UnknownAction);
  return result;
};

type QueueStore = Parameters<typeof StartOfflineQueue>[0];

/**
 * Starts the offline queue (offline-sync.ts) once a member is signed in, now or later, after the
 * first screen is drawn: their waiting actions are read and sent then. Until then, and for a visitor
 * always, its code is not loaded. A failed load (no connection, no service worker yet) is tried
 * again at the next change of the session or when the browser comes back online.
 */
export function startOfflineQueueForMembers(store: QueueStore): () => void {
  let stopQueue: (() => void) | undefined;
  let loading = false;
  let stopped = false;
  const check = () => {
    const state = store.getState() as { session: SessionState };
    if (stopQueue || loading || !selectToken(state) || !selectUserId(state)) return;
    loading = true;
    afterFirstScreen()
      .then(() => import('./offline-sync'))
      .then(({ startOfflineQueue }) => {
        if (!stopped) stopQueue = startOfflineQueue(store);
      })
      .catch(() => undefined)
      .finally(() => {
        loading = false;
      });
  };
  const stopStore = store.subscribe(check);
  const stopOnline = onOnlineChange((online) => online && check());
  check();
  return () => {
    stopped = true;
    stopStore();
    stopOnline();
    stopQueue?.();
  };
}
