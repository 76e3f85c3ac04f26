// Calendar days as the forms send them ('YYYY-MM-DD', spec §7) and as the screens show them
// (the Indian English locale, spec §9).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DayOptions {
  /**
   * Midnight UTC instead of the reader's midnight. Day arithmetic needs it: a local day across a
   * change of clocks lasts 23 or 25 hours, so counting 24-hour steps would be off by one.
   */
  utc?: boolean;
}

/** A 'YYYY-MM-DD' day as a Date at its midnight, local unless `utc`; null when it is not a real day ('2030-02-30'). */
export function parseDay(day: string, { utc = false }: DayOptions = {}): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  // Built from its parts: `new Date('2030-03-14')` is UTC midnight, the day before west of Greenwich.
  const value = utc ? new Date(Date.UTC(year, month, date)) : new Date(year, month, date);
  const read = utc ? [value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()] : [value.getFullYear(), value.getMonth(), value.getDate()];
  return read[0] === year && read[1] === month && read[2] === date ? value : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date's day as 'YYYY-MM-DD' (a date input's value), in the reader's calendar unless `utc`. */
export function toDay(date: Date, { utc = false }: DayOptions = {}): string {
  return utc
    ? `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in the reader's own calendar (a date input's `min`). */
export const today = (now = new Date()) => toDay(now);

/** The day after `day` (an end-date picker's minimum); '' when `day` is not a day. */
export function nextDay(day: string): string {
  const start = parseDay(day, { utc: true });
  return start ? toDay(new Date(start.getTime() + DAY_MS), { utc: true }) : '';
}

/** Whole days from the start to the end (the ceiling of the difference); null unless both are days and the end comes after. */
export function dayCount(startDate: string, endDate: string): number | null {
  const start = parseDay(startDate, { utc: true });
  const end = parseDay(endDate, { utc: true });
  if (!start || !end || end <= start) return null;
  return Math.ceil((end.getTime() - start.getTime()) / DAY_MS);
}

/** '14 Mar 2030'; the text itself when it is not a day. */
export function formatDay(day: string): string {
  const date = parseDay(day);
  return date ? date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }) : day;
}

/** '14 Mar 2030 – 15 Mar 2030'; one day when both are the same day, or one of them is blank. */
export function formatDateRange(startDate: string, endDate: string): string {
  const start = formatDay(startDate);
  const end = formatDay(endDate);
  if (!end || end === start) return start;
  if (!start) return end;
  return `${start} – ${end}`;
}

/** '06:00 – 07:30', one time alone, or '' without any. */
export const formatTimeRange = (timeFrom: string, timeTo: string) => [timeFrom, timeTo].filter(Boolean).join(' – ');

/** The day a text starts with ('2030-03-14', '2030-03-14T…') as a short month and day ('Mar 14'); '' if none. */
export function shortMonthDay(text: string): string {
  const date = parseDay(text.slice(0, 10));
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }) : '';
}
