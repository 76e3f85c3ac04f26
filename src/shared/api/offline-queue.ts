import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useMemo, useSyncExternalStore } from 'react';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { isOnline } from '../lib/online';
import { baseApi, tagTypes } from './base-api';
import { isConnectionFailure } from './base-query';
import { noticeFailure } from './failure-notice';
import { clearGeneration, noteWaiting, offlineStorageAvailable, reapplyOf, setQueueActionHook, type StoreLike } from './offline-entry';
import { offlineDb, unlessCleared, type StoredAction } from './offline-store';
import { onSessionEnd } from './session-hooks';

/**
 * Actions taken with no connection wait here and go out, in order, once each, when it returns:
 * a message, a like, a follow, an RSVP. Kept in memory for the screens ("waiting to send") and in
 * IndexedDB (offline-store.ts) across a reload, per member, emptied when the session ends. Each
 * carries the Idempotency-Key made when the member acted, sent with every attempt, so a retry whose
 * first answer was lost never doubles it (the server replays its first answer).
 */

export type QueuedAction = StoredAction;

type State = { session: SessionState };

/**
 * Loads the modules of the endpoints whose actions may wait (offline-sync.ts sets it: they are
 * chunks loaded only when something waits). A run awaits it before sending: an action whose
 * endpoint is still loading, or failed to load, waits for the next run; it is never taken for an
 * endpoint this version of the app does not know.
 */
let loadEndpoints: (() => Promise<unknown>) | null = null;
export function setEndpointLoader(loader: (() => Promise<unknown>) | null): void {
  loadEndpoints = loader;
}

let actions: readonly QueuedAction[] = [];
const listeners = new Set<() => void>();
let lastOrder = 0;

function setActions(next: readonly QueuedAction[]) {
  actions = next;
  // Only what a reload finds again (with no IndexedDB, what waits is lost with the page).
  if (offlineStorageAvailable()) noteWaiting(next.map((action) => action.member));
  for (const listener of [...listeners]) listener();
}

export const queuedActions = (): readonly QueuedAction[] => actions;
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isQueued = (key: string) => actions.some((action) => action.key === key);

/**
 * Puts an action in the queue, for `member`, with its Idempotency-Key: at once in memory (the
 * screens show it, and the queue knows it), and kept in IndexedDB where there is one when this
 * resolves.
 */
export async function enqueue(member: string, endpoint: string, args: Record<string, unknown> & { idempotencyKey: string }): Promise<void> {
  const { idempotencyKey: key, queued: _queued, ...rest } = args;
  if (isQueued(key)) return;
  // When the member acted, kept strictly increasing so two actions in one millisecond keep their order.
  lastOrder = Math.max(Date.now(), lastOrder + 1);
  const action: QueuedAction = { member, key, endpoint, args: rest, at: Date.now(), order: lastOrder };
  setActions([...actions, action]);
  const write = unlessCleared(clearGeneration(), (db) => db.put('queue', action)).catch(() => false);
  writes.set(key, write);
  await write;
  writes.delete(key);
}

/** Writes of actions being kept: one sent meanwhile is deleted after its write, never before (it would come back at the next load). */
const writes = new Map<string, Promise<unknown>>();

const byOrder = (a: QueuedAction, b: QueuedAction) => a.order - b.order;

/** Reads the member's waiting actions kept across a reload, in order, beside those already in memory. */
export async function loadQueue(member: string): Promise<void> {
  if (!offlineStorageAvailable()) return;
  const since = clearGeneration();
  const stored: QueuedAction[] | null = await offlineDb().then((db) => db.getAllFromIndex('queue', 'byMember', member)).catch(() => null);
  // A read that failed (idb's code could not load) is not an empty queue: the next start reads again.
  if (!stored || since !== clearGeneration()) return;
  const known = new Set(actions.map((action) => action.key));
  const loaded = stored.filter((action) => !known.has(action.key));
  lastOrder = Math.max(lastOrder, ...stored.map((action) => action.order));
  if (loaded.length > 0) setActions([...actions, ...loaded].sort(byOrder));
  // A note of waiting actions none of which was kept (a write failed, or the browser emptied the database) is righted.
  else noteWaiting(actions.map((action) => action.member));
}

async function remove(action: QueuedAction): Promise<void> {
  setActions(actions.filter((item) => item.key !== action.key));
  await writes.get(action.key);
  if (offlineStorageAvailable()) await offlineDb().then((db) => db.delete('queue', action.key)).catch(() => undefined);
}

/**
 * What a failed attempt means for a waiting action: 'wait' (no answer, the server busy or failing,
 * a conflict that passes) keeps it for the next time; 'drop' is the server refusing it (4xx): the
 * mutation has said so (the failure toast) and put its optimistic state back.
 */
export function queueOutcome(error: unknown): 'wait' | 'drop' {
  if (isConnectionFailure(error)) return 'wait';
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status !== 'number') return 'wait';
  return status >= 500 || status === 408 || status === 409 || status === 429 ? 'wait' : 'drop';
}

const RETRY_MS = 30_000;
/**
 * How long an action may wait: under the 24 hours the server remembers an Idempotency-Key
 * (server/lib/idempotency.ts), so a retry of one whose first try did arrive is still answered with
 * that first answer, never done twice (a like toggled back, a second message).
 */
export const MAX_WAIT_MS = 23 * 60 * 60 * 1000;
export const WAITED_TOO_LONG = 'Something you did offline was not sent: it waited more than a day for a connection.';
let flushing: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;

type Initiate = (args: unknown) => (dispatch: Dispatch, getState: () => unknown, extra: unknown) => PromiseLike<{ error?: unknown }>;

/**
 * Sends the signed-in member's waiting actions, oldest first, one at a time: each sent is removed;
 * one that must wait stops the run (the order is kept: a later action never overtakes it), and
 * another run is tried in a while when the browser says it is online; one refused is dropped.
 */
export function flushQueue(store: StoreLike): Promise<void> {
  // One run at a time; `finally` runs after the assignment even when the run ends at once.
  flushing ??= sendWaiting(store).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting(store: StoreLike): Promise<void> {
  for (;;) {
    const state = store.getState() as State;
    const member = selectUserId(state);
    const next = actions.find((action) => action.member === member);
    if (!member || !selectToken(state) || !next || !isOnline()) return;
    try {
      await loadEndpoints?.();
    } catch {
      // Their chunks could not be fetched (the connection is not really back): the next run tries again.
      retryLater(store);
      return;
    }
    const endpoint = (baseApi.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>)[next.endpoint];
    if (!endpoint) {
      // The endpoints are loaded: one still unknown is from a version of the app that had it, and
      // this one cannot send it.
      await remove(next);
      continue;
    }
    if (Date.now() - next.at > MAX_WAIT_MS) {
      // Too old to send safely: dropped, said so, and every screen reads the truth again (its
      // optimistic state goes with it).
      await remove(next);
      noticeFailure(WAITED_TOO_LONG);
      store.dispatch(baseApi.util.invalidateTags([...tagTypes]));
      continue;
    }
    const since = clearGeneration();
    const result = await store.dispatch(endpoint.initiate({ ...next.args, idempotencyKey: next.key, queued: true }) as unknown as UnknownAction) as unknown as { error?: unknown };
    if (since !== clearGeneration()) return; // the session ended meanwhile: the queue is gone with it
    if (result.error !== undefined && queueOutcome(result.error) === 'wait') {
      retryLater(store);
      return;
    }
    await remove(next);
  }
}

/**
 * Another run in a while (RETRY_MS): for actions that got no answer while the browser says it is
 * online (a captive Wi-Fi, a dropped request), which no `online` event will announce.
 */
export function retryLater(store: StoreLike): void {
  clearTimeout(retry);
  retry = setTimeout(() => {
    retry = undefined;
    void flushQueue(store);
  }, RETRY_MS);
}

/** Whether a run is planned already. */
export const retryPlanned = () => retry !== undefined;

/** No retry later (the app stops the queue). */
export function stopRetrying(): void {
  clearTimeout(retry);
  retry = undefined;
}

/** Puts the waiting actions' optimistic state back on what the cache holds now (after a read, a reload). */
export function reapplyQueued(store: StoreLike): void {
  const member = selectUserId(store.getState() as State);
  for (const action of actions) {
    if (action.member === member) reapplyOf(action.endpoint)?.(action.args, store);
  }
}

// Every answer read while actions wait gets their optimistic state again (it was read from the
// server, or kept from before): the store's middleware (offline-entry.ts) calls this from now on.
setQueueActionHook((store, action) => {
  if (actions.length > 0 && action.type === `${baseApi.reducerPath}/executeQuery/fulfilled`) reapplyQueued(store);
});

// The session ended: its waiting actions go (IndexedDB is emptied by endSession).
onSessionEnd(() => {
  stopRetrying();
  setActions([]);
});

/** A message waiting to be sent, as the conversation shows it. */
export interface WaitingMessage {
  key: string;
  content: string;
  at: number;
}

/** The signed-in member's messages to `userId` waiting to be sent, oldest first. */
export function useWaitingMessages(member: string | null, userId: string): WaitingMessage[] {
  const all = useSyncExternalStore(subscribeQueue, queuedActions, queuedActions);
  return useMemo(
    () => all
      .filter((action) => action.member === member && action.endpoint === 'sendMessage' && action.args.userId === userId)
      .map((action) => ({ key: action.key, content: String(action.args.content), at: action.at })),
    [all, member, userId],
  );
}
