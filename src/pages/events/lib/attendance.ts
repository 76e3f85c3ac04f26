import type { Attendance } from '@/shared/api';
import { today } from '@/shared/lib/date';

// The words of the event page's attendance block, its list of who is going and its updates.
export const ATTENDANCE_TEXTS = {
  logIn: 'Please log in to answer events.',
  ended: 'This event has ended.',
  full: 'This event is full: “Going” puts you on the waitlist, and you move up when a place frees.',
  going: 'You are going.',
  interested: 'You are interested.',
  attendeesLogIn: 'Log in to see who is going.',
  noAttendees: 'No one is going yet.',
  attendeesFailed: 'Could not load who is going',
  updatesTitle: 'Updates from the organiser',
  noUpdates: 'No updates yet.',
  updatesFailed: 'Could not load the updates',
  updatesForGoing: 'Updates from the organiser are shared with the people going.',
  updateLabel: 'Post an update to the people going',
  updateRequired: 'Please write your update.',
  updatePosted: 'Update posted',
} as const;

/**
 * Whether the member reads the organiser's updates (the server answers them only then): they are
 * addressed to the people going, so the organiser and the members going or waiting for a place.
 */
export const readsUpdates = (isOrganiser: boolean, attendance: Attendance | null | undefined) =>
  isOrganiser || attendance?.myStatus === 'going' || attendance?.myStatus === 'waiting';

/** The most characters an update may have (the server's limit). */
export const UPDATE_MAX = 500;

/** "You are number 2 on the waitlist." */
export const waitlistText = (position: number) => `You are number ${position} on the waitlist.`;

/** What the member's own answer is, in words ('' for none). */
export function myAnswerText({ myStatus, waitlistPosition }: Attendance): string {
  if (myStatus === 'going') return ATTENDANCE_TEXTS.going;
  if (myStatus === 'interested') return ATTENDANCE_TEXTS.interested;
  if (myStatus === 'waiting') return waitlistPosition ? waitlistText(waitlistPosition) : 'You are on the waitlist.';
  return '';
}

/** '3 of 12 places taken · 4 interested · 2 on the waitlist', or '3 going · 4 interested' without a capacity. */
export function attendanceCounts({ capacity, going, interested, waiting }: Attendance): string {
  const parts = [capacity === null ? `${going} going` : `${going} of ${capacity} ${capacity === 1 ? 'place' : 'places'} taken`, `${interested} interested`];
  if (waiting > 0) parts.push(`${waiting} on the waitlist`);
  return parts.join(' · ');
}

/** An event is over once its last day is before the reader's today (the server allows a day's slack for zones). */
export const hasEnded = (endDate: string, now = new Date()) => endDate !== '' && endDate < today(new Date(now.getTime() - 24 * 60 * 60 * 1000));
