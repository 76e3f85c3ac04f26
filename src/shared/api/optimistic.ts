import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { selectUserId, type SessionState } from '../auth';
import { baseApi, type TagType } from './base-api';
import { isConnectionFailure } from './base-query';
import { noticeFailure } from './failure-notice';
import type { QueueableArgs } from './offline-entry';

/** What `api.util.updateQueryData(...)` returns: dispatched, it patches one cached view. */
type Patch = ThunkAction<{ undo: () => void }, never, unknown, UnknownAction>;

interface Lifecycle {
  dispatch: (action: Patch | UnknownAction) => unknown;
  queryFulfilled: Promise<unknown>;
  getState?: () => unknown;
}

type Tags = readonly (TagType | { type: TagType; id: string })[];

export interface OptimisticOptions {
  /**
   * The spec's text for a failure, shown through `onFailureNotice` (a toast in the app); made from
   * the error when it says what went wrong (the server's message, say).
   */
  failureText: string | ((error: unknown) => string);
  /** A title above the text, where the spec gives one ('Join Failed'). */
  failureTitle?: string;
  /**
   * For a toggle that can be clicked again while pending (like): on failure, read these again
   * from the server instead of undoing, since an undo could restore a value a later click replaced.
   */
  revalidate?: Tags;
  /**
   * An action that waits for the connection (offline-queue.ts): with no answer at all, its patches
   * stay and it is queued under its Idempotency-Key (no toast). Sent from the queue and refused,
   * `rollback` is read again from the server (the state before the patches may be from before a
   * reload), with the toast.
   */
  queue?: { endpoint: string; args: QueueableArgs & object; rollback: Tags };
}

/**
 * An optimistic change, from a mutation's `onQueryStarted`: applies every patch (one per cached view
 * that shows the value: list, detail, profile) at once, awaits the answer, and on failure undoes
 * them all (or re-reads `revalidate`) and raises `failureText`. Resolves true once confirmed.
 */
export async function optimisticUpdate(
  { dispatch, queryFulfilled, getState }: Lifecycle,
  patches: readonly Patch[],
  { failureText, failureTitle, revalidate, queue }: OptimisticOptions,
): Promise<boolean> {
  const applied = patches.map((patch) => dispatch(patch) as { undo: () => void });
  // Whose action it is, read when the member acted: a request that fails after a logout (and
  // another member's login) must never be queued, and later sent, as someone else.
  const actor = getState ? selectUserId(getState() as { session: SessionState }) : null;
  try {
    await queryFulfilled;
    return true;
  } catch (failure) {
    // RTK Query rejects queryFulfilled with { error }: the error is what the base query answered.
    const error = typeof failure === 'object' && failure !== null && 'error' in failure ? failure.error : failure;
    const key = queue?.args.idempotencyKey;
    // The queue's code: loaded for a member once the first screen is drawn (offline-entry.ts), and
    // precached by the service worker, so at hand here; if it could not be fetched (no connection
    // in a first visit's first seconds), the action fails as it would have without a queue.
    const queueing = queue && key ? await import(/* webpackChunkName: "offline" */ './offline-queue').catch(() => null) : null;
    if (queue && key && queueing) {
      const { enqueue, queueOutcome } = queueing;
      const member = getState ? selectUserId(getState() as { session: SessionState }) : null;
      if (member !== actor) return false; // the session changed meanwhile: its state went with it
      if (queue.args.queued) {
        // Still waiting (the queue keeps it and tries later): its optimistic state stays.
        if (queueOutcome(error) === 'wait') return false;
        dispatch(baseApi.util.invalidateTags([...queue.rollback]));
        noticeFailure(typeof failureText === 'function' ? failureText(error) : failureText, failureTitle);
        return false;
      }
      if (isConnectionFailure(error) && member) {
        const { queued: _queued, ...args } = queue.args;
        await enqueue(member, queue.endpoint, { ...args, idempotencyKey: key });
        return false;
      }
    }
    if (revalidate) dispatch(baseApi.util.invalidateTags([...revalidate]));
    else for (const patch of applied.reverse()) patch.undo();
    noticeFailure(typeof failureText === 'function' ? failureText(error) : failureText, failureTitle);
    return false;
  }
}

/**
 * Every argument a query is cached under, so a change can patch each cached view of it (all the
 * searches and pages of a list, say) without knowing which ones the screens opened.
 */
export function cachedArgs<A>(state: unknown, endpointName: string): A[] {
  return baseApi.util.selectCachedArgsForQuery(state as never, endpointName as never) as A[];
}
