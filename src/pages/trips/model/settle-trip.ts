import { getErrorField, getServerMessage, type TripSaved } from '@/shared/api';
import { TRIP_MESSAGES } from '../config/messages';

/** Why a submission failed: the server's message, and the field it is about when it names one. */
export interface SubmitFailure {
  message: string;
  field?: string;
}

/**
 * A send or an update settled: its message, or what to show (the server's message, else spec §8's
 * fallback). A refused session (401) ends it in the api, so the page asks for a login after any
 * failure (require-login reads the session as it is then).
 */
export type TripOutcome = { ok: true; message: string } | { ok: false; failure: SubmitFailure };

export async function settleTrip(request: { unwrap: () => Promise<TripSaved> }): Promise<TripOutcome> {
  try {
    const saved = await request.unwrap();
    if (saved.status) return { ok: true, message: saved.message };
    return { ok: false, failure: { message: saved.message || TRIP_MESSAGES.failed } };
  } catch (error) {
    const field = getErrorField(error);
    const message = getServerMessage(error) ?? TRIP_MESSAGES.failed;
    return { ok: false, failure: { message, ...(field ? { field } : {}) } };
  }
}
