import { fail, type Checked } from './checked.js';

// Days as the forms send them (spec §7: year-month-day), shared by events and trips.

export const DAY_MS = 24 * 60 * 60 * 1000;
const dayShape = /^\d{4}-\d\d-\d\d$/;

/** A real calendar day written YYYY-MM-DD (2030-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!dayShape.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // Postgres dates start at year 1 (JavaScript takes year 0): such a day would fail in the query.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '0001-01-01';
}

/** A form's start and end days, trimmed, each there and a calendar day; how they must relate is the form's own rule. */
export function checkDays(body: { startDate?: string; endDate?: string }): Checked<{ startDate: string; endDate: string }> {
  const startDate = body.startDate?.trim() ?? '';
  if (!startDate) return fail('Start date is required.', 'startDate');
  if (!isDay(startDate)) return fail('Start date must be a date (YYYY-MM-DD).', 'startDate');
  const endDate = body.endDate?.trim() ?? '';
  if (!endDate) return fail('End date is required.', 'endDate');
  if (!isDay(endDate)) return fail('End date must be a date (YYYY-MM-DD).', 'endDate');
  return { ok: true, value: { startDate, endDate } };
}
