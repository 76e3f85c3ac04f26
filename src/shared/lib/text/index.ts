/** `text` cut to at most `max` characters, with '...' when it was cut (spec §9's description cuts). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** A 'YYYY-MM-DD' day as a short month and day ('Mar 14'), in the reader's own calendar; '' if not a day. */
export function shortMonthDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return '';
  // Built from its parts: `new Date('2030-03-14')` is UTC midnight, the day before west of Greenwich.
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * How long ago `iso` was, as 'x ago' ('5 minutes ago', '1 day ago'); 'just now' under a minute
 * (and for a time a skewed clock puts in the future); '' when `iso` is not a time.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.floor((now - then) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
