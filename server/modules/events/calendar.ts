import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { publicOrigin, type Config } from '../../config.js';
import { eventUrl } from './links.js';
import { eventSpan, type EventTimes } from './times.js';

// iCalendar files (RFC 5545) of events: one event ("Add to calendar") or a member's feed. Written
// by ical-generator, which escapes the text values, folds lines at 75 octets, ends them with CRLF
// and writes DTSTAMP in UTC; the VTIMEZONE of each zone used comes from @touch4it/ical-timezones.

/** What a calendar entry is made of: an event as stored, its organiser's name. */
export interface CalendarEvent extends EventTimes {
  id: string;
  title: string;
  description: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** RFC 5545 SEQUENCE: raised by each edit of the time or place (service.ts updateEvent). */
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Where the files point: the app's public origin (PUBLIC_URL, else the request's own) and its host, for UIDs. */
export interface CalendarSite {
  origin: string;
}

/** A host as a Host (or X-Forwarded-Host) header may name one: a name or IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin links in the files point to: PUBLIC_URL when set (a deployment); else the origin the
 * request came to, so a development server reached by its LAN address links to that address. The
 * Host header is the client's to write: one that is not a plain host and port ('a b', 'exa%mple',
 * 'evil.example/path', a port past 65535) or a protocol that is not http(s) gives way to this server
 * on localhost (`publicOrigin`, as e-mails link), instead of a broken link or a thrown URL error.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl' | 'port'>, protocol: string | undefined, host: string | undefined): string {
  const configured = () => publicOrigin(config).replace(/\/+$/, '');
  if (config.publicUrl || !host || !HOST.test(host) || (protocol !== 'http' && protocol !== 'https')) return configured();
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return configured();
  }
}

/**
 * The zone an event's times are written in: its own when a VTIMEZONE exists for it (under that
 * name, or the older name this server's ICU data gives it: 'Europe/Kyiv' is also 'Europe/Kiev');
 * otherwise none, and the times are written in UTC, which is the same instant for every calendar.
 */
function writtenZone(zone: string): string | null {
  if (zone === 'UTC') return null;
  if (getVtimezoneComponent(zone)) return zone;
  try {
    const alias = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    if (alias !== zone && getVtimezoneComponent(alias)) return alias;
  } catch {
    // Not a zone at all (the form refuses those): UTC.
  }
  return null;
}

/**
 * The iCalendar text. Each event's UID is `<id>@<host>`: stable across downloads, edits and the
 * feed, so a calendar app updates its copy (by SEQUENCE and DTSTAMP) instead of adding another.
 * Events without a start time are all-day events (DATE values, the end day exclusive).
 */
export function calendarText(list: CalendarEvent[], site: CalendarSite, options: { name?: string; refreshSeconds?: number } = {}): string {
  const host = new URL(site.origin).host;
  const calendar = ical({ prodId: { company: 'Need Spot', product: 'Events', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  if (options.name) calendar.name(options.name);
  if (options.refreshSeconds) calendar.ttl(options.refreshSeconds);
  // No calendar-wide zone: DTSTAMP, CREATED and LAST-MODIFIED stay in UTC; each event names its own.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const event of list) {
    const span = eventSpan(event);
    const url = `${site.origin}${eventUrl(event.id)}`;
    const place = event.latitude !== null && event.longitude !== null
      ? { title: event.address, geo: { lat: event.latitude, lon: event.longitude } }
      : event.address || undefined;
    const common = {
      id: `${event.id}@${host}`,
      sequence: event.sequence,
      stamp: new Date(),
      created: event.createdAt,
      lastModified: event.updatedAt,
      summary: event.title,
      description: event.description,
      location: place,
      url,
    };
    if (span.allDay) {
      // DATE values: days as the organiser wrote them, whatever the reader's zone.
      calendar.createEvent({
        ...common,
        allDay: true,
        start: DateTime.fromISO(span.firstDay, { zone: 'UTC' }),
        end: DateTime.fromISO(span.dayAfter, { zone: 'UTC' }),
      });
    } else {
      const zone = writtenZone(event.timeZone);
      calendar.createEvent({ ...common, start: span.start, end: span.end, timezone: zone });
    }
  }
  return calendar.toString();
}

/** A file name for an event's .ics: its title in plain letters, digits and hyphens. */
export function calendarFileName(title: string): string {
  const base = title.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/[\s_]+/g, '-').toLowerCase().slice(0, 60);
  return `${base || 'event'}.ics`;
}
