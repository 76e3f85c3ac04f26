import type { Trip, TripInput } from '@/shared/api';
import { compact, type FieldErrors } from '@/shared/lib/validation';
import { TRIP_MESSAGES } from '../config/messages';

/**
 * Key order = on-screen order = the order the first error gets focus in. The keys are the server's
 * field names too, so a 400's `field` points at the input it is about.
 */
export interface TripFormValues {
  from: string;
  to: string;
  startDate: string;
  endDate: string;
  /** Text as typed: '' while the field is being retyped. */
  peopleCount: string;
  budget: string;
}

export type TripField = keyof TripFormValues;

/** Travellers start at 1 (spec §9: at least 1). */
export const emptyTripForm: TripFormValues = { from: '', to: '', startDate: '', endDate: '', peopleCount: '1', budget: '' };

/** Keys a whole-number field takes no part of (spec §5: minus, dot and e; plus and E are the same trap). */
export const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(['-', '.', 'e', 'E', '+']);

/** The whole number a field holds, floored; null when it holds none. */
function wholeNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? Math.floor(value) : null;
}

/** Travellers as typed: kept empty while retyped, otherwise a whole number of at least 1. */
export function travellersInput(text: string): string {
  if (text === '') return '';
  const value = wholeNumber(text);
  return String(Math.max(1, value ?? 1));
}

/** Budget as typed: a whole number, floored ('2500.75' is 2500); a negative one is 0 (then refused). */
export function budgetInput(text: string): string {
  if (text === '') return '';
  const value = wholeNumber(text);
  return value === null ? '' : String(Math.max(0, value));
}

/** Spec §5's trip rules; 'YYYY-MM-DD' days compare as text in calendar order. */
export function validateTrip(values: TripFormValues): FieldErrors<TripField> {
  let endDate: string | undefined;
  if (!values.endDate) endDate = TRIP_MESSAGES.endDateRequired;
  else if (values.startDate && values.endDate <= values.startDate) endDate = TRIP_MESSAGES.endNotAfterStart;
  const people = wholeNumber(values.peopleCount);
  const budget = wholeNumber(values.budget);
  return compact({
    from: values.from.trim() ? undefined : TRIP_MESSAGES.fromRequired,
    to: values.to.trim() ? undefined : TRIP_MESSAGES.toRequired,
    startDate: values.startDate ? undefined : TRIP_MESSAGES.startDateRequired,
    endDate,
    peopleCount: people !== null && people >= 1 ? undefined : TRIP_MESSAGES.travellersRequired,
    budget: budget !== null && budget > 0 ? undefined : TRIP_MESSAGES.budgetInvalid,
  });
}

/** The JSON body (spec §3: peopleCount and budget as whole numbers), places trimmed. */
export function toTripInput(values: TripFormValues): TripInput {
  return {
    from: values.from.trim(),
    to: values.to.trim(),
    startDate: values.startDate,
    endDate: values.endDate,
    peopleCount: wholeNumber(values.peopleCount) ?? 1,
    budget: wholeNumber(values.budget) ?? 0,
  };
}

/** The edit form starts from the trip. */
export function toTripFormValues(trip: Trip): TripFormValues {
  return {
    from: trip.from,
    to: trip.to,
    startDate: trip.startDate,
    endDate: trip.endDate,
    peopleCount: String(trip.peopleCount),
    budget: String(trip.budget),
  };
}
