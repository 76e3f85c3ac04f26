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
