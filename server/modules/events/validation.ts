import type { Static } from '@fastify/type-provider-typebox';
import { fail, type Checked } from '../../lib/checked.js';
import { checkDays, DAY_MS } from '../../lib/days.js';
import { controlChars, controlCharsExceptBreaks } from '../../lib/text.js';
import type { EventForm } from './schemas.js';
import { isTimeZone } from './times.js';

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 3000;
export const ADDRESS_MAX = 300;
/** The most places an event may have (the column's check, tables/content.ts). */
export const CAPACITY_MAX = 100_000;
export const CAPACITY_INVALID = `Capacity must be a whole number from 1 to ${CAPACITY_MAX}, or empty for no limit.`;
export const TIME_ZONE_INVALID = 'Time zone must be an IANA time zone such as Asia/Kolkata.';

export const LOCATION_NOT_FOUND = 'Location not found';
export const BANNER_REQUIRED = 'Banner image is required.';

/** What an event form sets (the thumbnail is handled by the route: it is a file). */
export interface EventInput {
  title: string;
  description: string;
  address: string;
  latitude: number;
  longitude: number;
  startDate: string;
  endDate: string;
  timeFrom: string;
  timeTo: string;
  /** null: no limit; undefined (not sent): unchanged on edit, no limit on create. */
  capacity?: number | null;
  /** undefined (not sent): unchanged on edit, UTC on create. */
  timeZone?: string;
}

export interface FormContext {
  /** A new banner image came with the form. */
  hasThumbnail: boolean;
  /** On edit: the event as stored. */
  current?: { thumbnail: string; startDate: string };
  /** Now, for the start-date rule (tests pass their own). */
  now?: Date;
}

const timeShape = /^([01]\d|2[0-3]):[0-5]\d$/;
const numberShape = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The earliest start day accepted: the server's UTC day minus one, because "today" for a traveller
 * west of UTC can still be yesterday in UTC terms (and east of it, tomorrow is covered by UTC's today).
 */
export const earliestStartDay = (now: Date) => new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);

function coordinate(raw: string | undefined, limit: number): number | undefined {
  const text = raw?.trim() ?? '';
  if (!numberShape.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

type Text = Checked<string>;

/** A required single-line text field, trimmed: present, no control characters, at most `max` characters. */
function line(raw: string | undefined, field: string, label: string, max: number): Text {
  const value = raw?.trim() ?? '';
  if (!value) return fail(`${label} is required.`, field);
  if (controlChars.test(value)) return fail(`${label} contains invalid characters.`, field);
  if (value.length > max) return fail(`${label} must be at most ${max} characters.`, field);
  return { ok: true, value };
}

/** An optional HH:MM time under either of its two names; '' when none was given. */
function time(body: Static<typeof EventForm>, names: ['startTime' | 'endTime', 'timeFrom' | 'timeTo'], label: string): Text {
  for (const name of names) {
    const value = body[name]?.trim() ?? '';
    if (value === '') continue;
    if (!timeShape.test(value)) return fail(`${label} must be a time like 18:30 (HH:MM).`, name);
    return { ok: true, value };
  }
  return { ok: true, value: '' };
}

/** `keepImages` as sent: a JSON array of paths, or undefined when the field was not sent. */
function keptImages(raw: string | undefined): Checked<string[] | undefined> {
  if (raw === undefined) return { ok: true, value: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw || '[]');
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    return fail('keepImages must be a JSON array of image paths.', 'keepImages');
  }
  return { ok: true, value: parsed };
}

/** The optional capacity: undefined when not sent, null when empty (no limit). */
function capacity(raw: string | undefined): Checked<number | null | undefined> {
  if (raw === undefined) return { ok: true, value: undefined };
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > CAPACITY_MAX) return fail(CAPACITY_INVALID, 'capacity');
  return { ok: true, value };
}

/** The optional time zone: undefined when not sent (or blank), else an IANA zone name. */
function timeZone(raw: string | undefined): Checked<string | undefined> {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: undefined };
  if (!isTimeZone(text)) return fail(TIME_ZONE_INVALID, 'timeZone');
  return { ok: true, value: text };
}

/**
 * The create or edit form as column values, or the first failing rule (spec §5 words where it has
 * them) with the form field it is about. On edit the banner is optional (the current one stays unless
 * a new file replaces it, or keepImages leaves it out), and an unchanged start date is accepted even
 * when it has passed meanwhile, so an event that has begun can still be corrected.
 */
export function checkEventForm(body: Static<typeof EventForm>, context: FormContext): Checked<EventInput> {
  const title = line(body.title, 'title', 'Title', TITLE_MAX);
  if (!title.ok) return title;

  const description = (body.description ?? '').replace(/\r\n?/g, '\n').trim(); // forms send CRLF line breaks
  if (!description) return fail('Description is required.', 'description');
  if (controlCharsExceptBreaks.test(description)) return fail('Description contains invalid characters.', 'description');
  if (description.length > DESCRIPTION_MAX) return fail(`Description must be at most ${DESCRIPTION_MAX} characters.`, 'description');

  const address = line(body.address, 'address', 'Address', ADDRESS_MAX);
  if (!address.ok) return address;
  // The SPA geocodes the address; coordinates that are missing or not a place mean it found none.
  const latitude = coordinate(body.latitude, 90);
  const longitude = coordinate(body.longitude, 180);
  if (latitude === undefined || longitude === undefined) return fail(LOCATION_NOT_FOUND, 'address');

  const keep = keptImages(body.keepImages);
  if (!keep.ok) return keep;
  const keepsCurrent = context.current !== undefined && context.current.thumbnail !== ''
    && (keep.value === undefined || keep.value.includes(context.current.thumbnail));
  if (!context.hasThumbnail && !keepsCurrent) return fail(BANNER_REQUIRED, 'thumbnail');

  const days = checkDays(body);
  if (!days.ok) return days;
  const { startDate, endDate } = days.value;
  if (endDate < startDate) return fail('End date cannot be before start date.', 'endDate');
  const unchangedStart = context.current?.startDate === startDate;
  if (!unchangedStart && startDate < earliestStartDay(context.now ?? new Date())) return fail('Start date cannot be in the past.', 'startDate');

  // Times are only checked for their shape: an evening event may end after midnight.
  const timeFrom = time(body, ['startTime', 'timeFrom'], 'Start time');
  if (!timeFrom.ok) return timeFrom;
  const timeTo = time(body, ['endTime', 'timeTo'], 'End time');
  if (!timeTo.ok) return timeTo;

  // A capacity below the number already going is accepted: no one loses their place (README).
  const places = capacity(body.capacity);
  if (!places.ok) return places;
  const zone = timeZone(body.timeZone);
  if (!zone.ok) return zone;

  return {
    ok: true,
    value: {
      title: title.value, description, address: address.value, latitude, longitude,
      startDate, endDate, timeFrom: timeFrom.value, timeTo: timeTo.value,
      ...(places.value === undefined ? {} : { capacity: places.value }),
      ...(zone.value === undefined ? {} : { timeZone: zone.value }),
    },
  };
}
