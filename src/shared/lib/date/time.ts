// Moments (ISO timestamps from the server) as the screens show them.

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const parse = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * How long ago `iso` was, as 'x ago' ('5 minutes ago', '1 day ago'); 'just now' under a minute
 * (and for a time a skewed clock puts in the future); '' when `iso` is not a time.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = parse(iso);
  if (!then) return '';
  const seconds = Math.floor((now - then.getTime()) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** Spec §2: a message's time as hour:minute, in the reader's locale; '' for an unreadable time. */
export const hourMinute = (iso: string) => parse(iso)?.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) ?? '';

const dayAndTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** Day and time in the Indian English locale (spec §9), '24 Nov, 5:30 pm'; '' for an unreadable time. */
export function formatDayTime(iso: string): string {
  const date = parse(iso);
  return date ? dayAndTime.format(date) : '';
}
