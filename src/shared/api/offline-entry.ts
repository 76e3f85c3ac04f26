import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { afterFirstScreen } from '../lib/after-first-screen';
import { onOnlineChange } from '../lib/online';
import type { startOfflineQueue as StartOfflineQueue } from './offline-sync';

/**
 * What the main bundle holds of the offline machinery (README "What a first visit does not load"):
 * which answers are kept and under what key, the clear a session's end starts (and the counter that
 * stops a late write after it), the mutations whose actions may wait, the store's hook for them, and
 * the queue's start for a signed-in member. The rest (the answers' store, the queue: the "offline"
 * chunk; IndexedDB's code: its own) is loaded when a member has something to keep or to send, or a
 * session ends: a visitor's first visit never downloads it, nor runs it.
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

/** IndexedDB where there is one (not in a private window of some browsers, nor under jest without fake-indexeddb). */
export const offlineStorageAvailable = () => typeof indexedDB !== 'undefined';

/** Raised by every clear: a write begun before it (an answer arriving late) is not made after it. */
let generation = 0;
export const clearGeneration = () => generation;
let clearing: Promise<void> = Promise.resolve();
/** Resolves once the last clear has emptied the database: the next session's writes wait for it. */
export const whenCleared = () => clearing;

/**
 * A session ended: at once, every write begun before is void; then what was kept (answers, waiting
 * actions, of every member) is emptied, the store's code loaded for it if it was not.
 */
export function clearOfflineData(): Promise<void> {
  generation += 1;
  noteWaiting([]);
  if (!offlineStorageAvailable()) return clearing;
  const previous = clearing;
  clearing = previous.then(() => import(/* webpackChunkName: "offline" */ './offline-store')).then(({ emptyOfflineData }) => emptyOfflineData()).catch(() => undefined);
  return clearing;
}

/**
 * Who has actions waiting, as the queue last knew (localStorage, read at start without the queue's
 * code or IndexedDB's). Such a member's queue starts at once rather than after the first screen:
 * what waits shows at once ("Waiting to send", a like kept) and goes out without that delay.
 */
const WAITING_KEY = 'need-spot-offline-waiting';
export function noteWaiting(members: readonly string[]): void {
  try {
    if (members.length === 0) localStorage.removeItem(WAITING_KEY);
    else localStorage.setItem(WAITING_KEY, JSON.stringify([...new Set(members)]));
  } catch {
    // No storage (a private window, a full quota): the queue starts after the first screen, as for a member with nothing waiting.
  }
}
export function hasWaiting(member: string): boolean {
  try {
    const members: unknown = JSON.parse(localStorage.getItem(WAITING_KEY) ?? '[]');
    return Array.isArray(members) && members.includes(member);
  } catch {
    return false;
  }
}

/** What a mutation whose action may wait takes beside its own arguments (offline-queue.ts). */
export interface QueueableArgs {
  /** Made when the member acted; sent as the Idempotency-Key header. */
  idempotencyKey?: string;
  /** Set by the queue when it sends a waiting action (so its failure is not queued twice). */
  queued?: boolean;
}

/** What the queue needs of the app's store. */
export interface StoreLike {
  dispatch: Dispatch;
  getState: () => unknown;
}
/** How a waiting action shows while it waits: its optimistic patch, applied again to answers read since (a reload, a refetch). */
export type Reapply = (args: Record<string, unknown>, store: StoreLike) => void;
const reapplies = new Map<string, Reapply>();

/**
 * Declares a mutation whose action may wait, with how its optimistic state is put back on answers
 * read while it waits. Here, not in the queue, so an endpoint declaring one (a like, an RSVP) does
 * not bring the queue's code to a visitor's page: the queue is loaded when an action waits.
 */
export function queueable<A>(endpoint: string, reapply: (args: A, store: StoreLike) => void): void {
  // The args are those the mutation was called with (less its key), kept in IndexedDB.
  reapplies.set(endpoint, reapply as unknown as Reapply);
}
export const reapplyOf = (endpoint: string): Reapply | undefined => reapplies.get(endpoint);

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
 * first screen is drawn (at once when they have actions waiting): their waiting actions are read
 * and sent then. Until then, and for a visitor always, its code is not loaded. A failed load (no
 * connection, no service worker yet) is tried again at the next change of the session or when the
 * browser comes back online. Another tab may clear the note of waiting actions: that start is then
 * only later, never skipped.
 */
export function startOfflineQueueForMembers(store: QueueStore): () => void {
  let stopQueue: (() => void) | undefined;
  let loading = false;
  let stopped = false;
  const check = () => {
    const state = store.getState() as { session: SessionState };
    const member = selectToken(state) ? selectUserId(state) : null;
    if (stopQueue || loading || !member) return;
    loading = true;
    (hasWaiting(member) ? Promise.resolve() : afterFirstScreen())
      .then(() => import(/* webpackChunkName: "offline" */ './offline-sync'))
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
