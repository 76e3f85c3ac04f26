import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema.js';
import { cancelJob, scheduleJob } from '../../lib/jobs.js';
import { tellUsers } from '../../plugins/realtime.js';
import { createNotifications } from '../notifications/service.js';
import { goingToTell } from './attendance.js';
import { eventUrl } from './links.js';
import { notice } from './notices.js';
import { reminderAt, startInstant, type EventTimes } from './times.js';

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

/** Up to a minute early still counts as on time (the loop polls; clocks differ a little between instances). */
const EARLY_MS = 60_000;

/**
 * The job: tells the members going (kind 'event', a link to the event), read when it runs, as far as
 * the event is shown to them (`goingToTell`: not while moderators hide it or its organiser is
 * suspended, not to a member blocked either way with the organiser). An event that moved later runs
 * again at its new time; one that is gone or has begun tells no one.
 */
export function handleReminders(app: FastifyInstance) {
  app.jobs.handle(REMINDER_JOB, async (job) => {
    const told = await app.db.transaction(async (tx): Promise<{ members: string[] } | { again: Date }> => {
      const [event] = await tx.select({
        title: events.title, address: events.address, startDate: events.startDate, endDate: events.endDate,
        timeFrom: events.timeFrom, timeTo: events.timeTo, timeZone: events.timeZone,
      }).from(events).where(eq(events.id, job.key));
      if (!event) return { members: [] };
      const due = reminderAt(event);
      if (due.getTime() - EARLY_MS > job.now.getTime()) return { again: due };
      if (startInstant(event) <= job.now) return { members: [] };
      // Hidden by moderators, or its organiser suspended: no one is told (goingToTell answers none).
      const members = await goingToTell(tx, job.key);
      await createNotifications(tx, members.map((userId) => ({ userId, ...notice.reminder(event.title, event), link: eventUrl(job.key) })));
      return { members };
    });
    if ('again' in told) return { again: told.again };
    tellUsers(app, told.members, 'notification', { title: 'Event reminder' });
  });
}
