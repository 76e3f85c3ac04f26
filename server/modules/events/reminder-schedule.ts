import type { Db } from '../../db/client.js';
import { cancelJob, scheduleJob } from '../../lib/jobs.js';
import { reminderAt, startInstant, type EventTimes } from './times.js';

// Apart from the job itself (reminders.ts): the demo seed schedules reminders at start, and main.ts
// loads it before the web app, so what it imports must not bring the web app's packages (socket.io
// through the job's notices): server/test/server-bundle.test.ts.

// The reminder a day before an event (lib/jobs.ts: a job of kind 'event-reminder' whose key is the
// event's id, so an event has at most one pending reminder). Scheduled in the transaction that
// creates or moves the event, dropped with it; the job tells the members going at that moment.

export const REMINDER_JOB = 'event-reminder';

/**
 * Sets the reminder of an event to a day before its (new) start, replacing one already pending;
 * when that moment has passed (an event that starts within a day), there is none.
 */
export async function scheduleReminder(tx: Db, eventId: string, times: EventTimes, now: Date): Promise<void> {
  const runAt = reminderAt(times);
  if (runAt <= now) {
    await cancelJob(tx, REMINDER_JOB, eventId);
    return;
  }
  await scheduleJob(tx, { kind: REMINDER_JOB, key: eventId, runAt, payload: { start: startInstant(times).toISOString() } }, { replace: true });
}

export const cancelReminder = (tx: Db, eventId: string) => cancelJob(tx, REMINDER_JOB, eventId);
