/** A 'YYYY-MM-DD' day as a local date; null when it is not one. */
export function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  // Built from its parts: `new Date('2030-03-14')` is UTC midnight, the day before west of Greenwich.
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '14 Mar 2030' (the board's Indian style); the text itself when it is not a day. */
export function formatDay(day: string): string {
  const date = parseDay(day);
  return date ? date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }) : day;
}

/** '14 Mar 2030 – 15 Mar 2030'; one day when the event starts and ends on it. */
export function formatDateRange(startDate: string, endDate: string): string {
  const start = formatDay(startDate);
  const end = formatDay(endDate);
  if (!end || end === start) return start;
  if (!start) return end;
  return `${start} – ${end}`;
}

/** '06:00 – 07:30', one time alone, or '' without any. */
export function formatTimeRange(timeFrom: string, timeTo: string): string {
  return [timeFrom, timeTo].filter(Boolean).join(' – ');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Today as 'YYYY-MM-DD' in the reader's own calendar (a date input's `min`). */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
