import { today } from '@/shared/lib/date';

/**
 * A suspension's end as the server takes it (an ISO date-time in the future) from the day a
 * moderator picked: the end of that day where the moderator is. '' for no day; null for a day that is
 * not in the future.
 */
export function untilFromDay(day: string, now = new Date()): string | null {
  if (day === '') return '';
  const end = new Date(`${day}T23:59:59`);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) return null;
  return end.toISOString();
}

/** The first day a suspension may end on (the date picker's minimum). */
export const firstUntilDay = (now = new Date()) => today(now);
