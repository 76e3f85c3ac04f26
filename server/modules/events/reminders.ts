import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events } from '../../db/schema.js';
import { tellUsers } from '../../plugins/realtime.js';
import { createNotifications } from '../notifications/service.js';
import { goingToTell } from './attendance.js';
import { eventUrl } from './links.js';
import { notice } from './notices.js';
import { REMINDER_JOB } from './reminder-schedule.js';
import { reminderAt, startInstant } from './times.js';

// The job behind the reminder a day before an event; scheduling it is reminder-schedule.ts's.

export { cancelReminder, REMINDER_JOB, scheduleReminder } from './reminder-schedule.js';

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
