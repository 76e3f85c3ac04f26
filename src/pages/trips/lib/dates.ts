const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'YYYY-MM-DD' day as UTC midnight (ms); null when it is not a real day ('2030-02-30'). */
export function dayValue(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, date);
  const check = new Date(value);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? value : null;
}

const toDay = (value: number) => new Date(value).toISOString().slice(0, 10);

/** The day after `day` (the End Date picker's minimum); '' when `day` is not a day. */
export function nextDay(day: string): string {
  const value = dayValue(day);
  return value === null ? '' : toDay(value + DAY_MS);
}

/**
 * 'No. of Days' (spec §5): the ceiling of the difference in days; null unless both are days and the
 * end comes after the start.
 */
export function dayCount(startDate: string, endDate: string): number | null {
  const start = dayValue(startDate);
  const end = dayValue(endDate);
  if (start === null || end === null || end <= start) return null;
  return Math.ceil((end - start) / DAY_MS);
}

/** '10 May 2030' (spec §9: the Indian English locale); the text itself when it is not a day. */
export function formatDay(day: string): string {
  const value = dayValue(day);
  return value === null ? day : new Date(value).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** '10 May 2030 – 16 May 2030'. */
export const formatDateRange = (startDate: string, endDate: string) => `${formatDay(startDate)} – ${formatDay(endDate)}`;

/** '1 day', '6 days'. */
export const daysText = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** A whole amount as the Indian locale groups it ('1,25,000'). */
export const formatAmount = (amount: number) => amount.toLocaleString('en-IN');
