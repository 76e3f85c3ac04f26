import { describeWhen, type EventTimes } from './times.js';

// What the members of an event are told (kind 'event', linked to the event's page where it still
// has one). A notification's title holds at most 120 characters (tables/users.ts): an event's title
// (up to 120) is cut to fit beside the words around it.
const TITLE_MAX = 120;

/** `words` with the event's title in it, cut with an ellipsis so the whole fits in a notification title. */
function titled(make: (title: string) => string, title: string): string {
  const whole = make(title);
  if (whole.length <= TITLE_MAX) return whole;
  const room = TITLE_MAX - make('').length - 1;
  return make(`${title.slice(0, Math.max(0, room)).trimEnd()}…`);
}

const where = (address: string) => (address ? ` at ${address}` : '');

export const notice = {
  /** A place opened up and the first one waiting has it. */
  movedUp: (title: string) => ({
    kind: 'event' as const,
    title: titled((t) => `You have a place at ${t}`, title),
    body: 'A place opened up and you moved up from the waitlist: you are going.',
  }),
  /** The organiser's update to the people going. */
  update: (title: string, text: string) => ({
    kind: 'event' as const,
    title: titled((t) => `Update from ${t}`, title),
    body: text,
  }),
  /** An edit moved the event in time or place. */
  changed: (title: string, event: EventTimes & { address: string }) => ({
    kind: 'event' as const,
    title: titled((t) => `${t} has changed`, title),
    body: `The organiser changed the time or place. Now: ${describeWhen(event)}${where(event.address)}.`,
  }),
  /** The reminder a day before. */
  reminder: (title: string, event: EventTimes & { address: string }) => ({
    kind: 'event' as const,
    title: titled((t) => `Tomorrow: ${t}`, title),
    body: `${describeWhen(event)}${where(event.address)}. You are going.`,
  }),
  /** The organiser deleted the event. */
  cancelled: (title: string) => ({
    kind: 'event' as const,
    title: titled((t) => `Cancelled: ${t}`, title),
    body: 'The organiser deleted this event.',
  }),
};
