import { DateTime } from 'luxon';

// An event's days and times are wall-clock values in the organiser's time zone (the form sends the
// browser's IANA zone, events.time_zone). This is where they become instants: for the calendar
// files (modules/events/calendar.ts) and for the reminder a day before.

/** At most this long, like the longest IANA names ('America/Argentina/ComodRivadavia' is 32). */
const ZONE_MAX = 64;
/** An IANA name: 'UTC', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'; never an offset like '+05:30'. */
const zoneShape = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** Whether `zone` is an IANA time zone this server knows (its ICU data decides, as the browser's does). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > ZONE_MAX || !zoneShape.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What an event says of its time. */
export interface EventTimes {
  startDate: string;
  endDate: string;
  /** 'HH:MM' or '' (no time: the event lasts the whole days). */
  timeFrom: string;
  timeTo: string;
  timeZone: string;
}

/**
 * When the event takes place. With a start time: the start instant, and the end (the end day at the
 * end time; without an end time, the end day at the start time; never less than an hour after the
 * start, so an evening that ends after midnight, "22:00 to 01:00" on one day, ends the next day).
 * Without a start time it is an all-day event: `allDay` with its first day and the day after its
 * last (RFC 5545's exclusive end), and `start` is the first day's midnight in the event's zone.
 */
export type EventSpan =
  | { allDay: false; start: DateTime; end: DateTime }
  | { allDay: true; start: DateTime; firstDay: string; dayAfter: string };

export function eventSpan({ startDate, endDate, timeFrom, timeTo, timeZone }: EventTimes): EventSpan {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  if (!timeFrom) {
    const start = DateTime.fromISO(startDate, { zone });
    const dayAfter = DateTime.fromISO(endDate, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!;
    return { allDay: true, start, firstDay: startDate, dayAfter };
  }
  const start = DateTime.fromISO(`${startDate}T${timeFrom}`, { zone });
  let end = DateTime.fromISO(`${endDate}T${timeTo || timeFrom}`, { zone });
  const earliestEnd = start.plus({ hours: 1 });
  if (timeTo && end <= start) end = end.plus({ days: 1 });
  if (end < earliestEnd) end = earliestEnd;
  return { allDay: false, start, end };
}

/** The instant the event starts (an all-day event: its first midnight in its zone). */
export const startInstant = (times: EventTimes): Date => eventSpan(times).start.toJSDate();

/** When the going members are reminded: a day before the start. */
export const reminderAt = (times: EventTimes): Date => eventSpan(times).start.minus({ days: 1 }).toJSDate();

/**
 * The time an event takes place, as a notification says it: '14 Mar 2030, 06:00–07:30
 * (Asia/Kolkata)', '21–22 Mar 2030', '14 Mar 2030, from 18:00 (UTC)'.
 */
export function describeWhen({ startDate, endDate, timeFrom, timeTo, timeZone }: EventTimes): string {
  const day = (value: string) => DateTime.fromISO(value, { zone: 'UTC' }).setLocale('en-IN').toFormat('d LLL yyyy');
  const days = startDate === endDate ? day(startDate) : `${day(startDate)} – ${day(endDate)}`;
  if (!timeFrom) return days;
  const times = timeTo ? `${timeFrom}–${timeTo}` : `from ${timeFrom}`;
  return `${days}, ${times} (${timeZone})`;
}
