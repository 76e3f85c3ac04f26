import { useCallback } from 'react';
import { getErrorField, getServerMessage, type TripSaved } from '@/shared/api';
import { TRIP_MESSAGES } from '../config/messages';
import { useSessionLost } from './use-session-lost';

/** Why a submission failed: the server's message, and the field it is about when it names one. */
export interface SubmitFailure {
  message: string;
  field?: string;
}

export type TripOutcome =
  | { ok: true; message: string }
  /** The login was lost meanwhile (the server refused the session). */
  | { ok: false; unauthorized: true }
  | { ok: false; unauthorized: false; failure: SubmitFailure };

const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined);

/** Settles a send or an update: its message, a refused session, or what to show (the server's message, else spec §8's fallback). */
export async function settleTrip(request: { unwrap: () => Promise<TripSaved> }): Promise<TripOutcome> {
  try {
    const saved = await request.unwrap();
    if (saved.status) return { ok: true, message: saved.message };
    return { ok: false, unauthorized: false, failure: { message: saved.message || TRIP_MESSAGES.failed } };
  } catch (error) {
    if (statusOf(error) === 401) return { ok: false, unauthorized: true };
    const field = getErrorField(error);
    const message = getServerMessage(error) ?? TRIP_MESSAGES.failed;
    return { ok: false, unauthorized: false, failure: { message, ...(field ? { field } : {}) } };
  }
}

/** `settleTrip`, where a failure that ended the session counts as a refused session (see useSessionLost). */
export function useSettleTrip() {
  const sessionLost = useSessionLost();
  return useCallback(
    async (request: { unwrap: () => Promise<TripSaved> }): Promise<TripOutcome> => {
      const outcome = await settleTrip(request);
      if (!outcome.ok && !outcome.unauthorized && sessionLost()) return { ok: false, unauthorized: true };
      return outcome;
    },
    [sessionLost],
  );
}
