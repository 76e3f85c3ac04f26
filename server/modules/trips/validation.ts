import type { Static } from '@fastify/type-provider-typebox';
import { fail, type Checked } from '../../lib/checked.js';
import { checkDays, DAY_MS } from '../../lib/days.js';
import { controlChars } from '../../lib/text.js';
import type { TripBody } from './schemas.js';

export const PLACE_MAX = 200;
export const PEOPLE_MAX = 100;
export const BUDGET_MAX = 1_000_000_000;

/** What a trip form sets, as stored. */
export interface TripInput {
  from: string;
  to: string;
  destinationKey: string;
  startDate: string;
  endDate: string;
  peopleCount: number;
  budget: number;
}

/**
 * A destination as companions are matched: the place before the first comma, so 'Manali' and
 * 'Manali, Himachal Pradesh' (as place suggestions write it) are one place; lower case, accents
 * taken off (NFKD, then the combining marks dropped), any run of punctuation or spacing made one
 * space: 'MANÁLI.' is 'manali' too.
 */
export function destinationKeyOf(place: string): string {
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return fold(place.split(',')[0]) || fold(place);
}

function place(raw: string | undefined, field: 'from' | 'to', missing: string, label: string): Checked<string> {
  const value = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!value) return fail(missing, field);
  if (controlChars.test(value)) return fail(`${label} contains invalid characters.`, field);
  if (value.length > PLACE_MAX) return fail(`${label} must be at most ${PLACE_MAX} characters.`, field);
  return { ok: true, value };
}

/** A whole number from a number or numeric text ('3', ' 3 '); undefined for anything else (blank, '2.5', '1e3'). */
function wholeNumber(raw: number | string | undefined): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : undefined;
  const text = (raw ?? '').trim();
  return /^-?\d{1,16}$/.test(text) ? Number(text) : undefined;
}

/** The trip form (spec §5, its words) as column values, or the first failing rule and its field. */
export function checkTrip(body: Static<typeof TripBody>): Checked<TripInput> {
  const from = place(body.from, 'from', 'Please enter source location.', 'From');
  if (!from.ok) return from;
  const to = place(body.to, 'to', 'Please enter destination location.', 'Where To');
  if (!to.ok) return to;
  const destinationKey = destinationKeyOf(to.value);
  // Only punctuation: no place to match on.
  if (!destinationKey) return fail('Please enter destination location.', 'to');

  const days = checkDays(body);
  if (!days.ok) return days;
  const { startDate, endDate } = days.value;
  if (endDate <= startDate) return fail('End date must be after start date.', 'endDate');

  const peopleCount = wholeNumber(body.peopleCount);
  if (peopleCount === undefined || peopleCount < 1) return fail('At least 1 traveller is required.', 'peopleCount');
  if (peopleCount > PEOPLE_MAX) return fail(`No. of travellers must be at most ${PEOPLE_MAX}.`, 'peopleCount');

  const budget = wholeNumber(body.budget);
  if (budget === undefined || budget <= 0) return fail('Please enter a valid budget.', 'budget');
  if (budget > BUDGET_MAX) return fail(`Budget must be at most ${BUDGET_MAX}.`, 'budget');

  return { ok: true, value: { from: from.value, to: to.value, destinationKey, startDate, endDate, peopleCount, budget } };
}

/** Days from start to end (the form's 'No. of Days'). */
export const daysBetween = (startDate: string, endDate: string) =>
  Math.ceil((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS);
