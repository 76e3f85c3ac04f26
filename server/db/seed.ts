import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.js';
import { WELCOME_NOTIFICATION } from '../modules/notifications/service.js';
import { destinationKeyOf } from '../modules/trips/validation.js';
import type { Db } from './client.js';
import {
  challengeParticipants, challenges, eventAttendees, eventUpdates, events, follows, messages, needs, notifications, skills, trips, users, whisperComments,
  whisperLikes, whispers,
} from './schema.js';
import { demoChallenges, demoMessages, demoNotifications } from './seed/challenges.js';
import { DEMO_EVENT_ZONE, demoAttendance, demoEvents, demoEventUpdates } from './seed/events.js';
import { scheduleReminder } from '../modules/events/reminder-schedule.js';
import { demoNeeds } from './seed/needs.js';
import { DEMO_PASSWORD, DEMO_USERNAME, people, type PersonKey } from './seed/people.js';
import { demoSkills } from './seed/skills.js';
import { demoMatching, demoTrips } from './seed/trips.js';
import { demoComments, demoFollows, demoWhispers } from './seed/whispers.js';
import { boardsChanged } from '../lib/cached-reads.js';

export { DEMO_PASSWORD, DEMO_USERNAME };

const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysAfter = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000);

/**
 * Fills an empty database with demo travellers and content; does nothing when any user exists.
 * Safe when two instances start at once: an advisory lock serialises the check and the inserts.
 * Resolves to whether it seeded.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const [{ existing }] = await db.select({ existing: count() }).from(users);
  if (existing > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7270110)`);
    const [{ again }] = await tx.select({ again: count() }).from(users);
    if (again > 0) return false;

    // Instances already running may keep the empty boards' pages: they forget them at the commit.
    await boardsChanged(tx, 'needs', 'events', 'skills', 'whispers');
    const ids = Object.fromEntries(people.map((p) => [p.key, randomUUID()])) as Record<PersonKey, string>;
    await tx.insert(users).values(people.map(({ key, ...person }, i) => ({
      ...person, id: ids[key], passwordHash, companionMatching: demoMatching.includes(key), createdAt: hoursBefore(now, 24 * (30 - i)),
    })));

    await tx.insert(needs).values(demoNeeds.map(({ owner, ...need }, i) => ({ ...need, userId: ids[owner], createdAt: hoursBefore(now, 3 * (i + 1)) })));

    const eventRows = demoEvents.map(({ owner, inDays, lengthDays, ...event }, i) => {
      const id = randomUUID();
      const start = daysAfter(now, inDays);
      return {
        ...event, id, url: `/events/${id}`, thumbnail: '/images/stock/event-1.svg', createdBy: ids[owner], timeZone: DEMO_EVENT_ZONE,
        startDate: isoDay(start), endDate: isoDay(daysAfter(start, lengthDays)), createdAt: hoursBefore(now, 5 * (i + 1)),
      };
    });
    await tx.insert(events).values(eventRows);
    // One at a time, in the order asked (queued_at): past a capacity, "going" waits.
    for (const { event, by, status } of demoAttendance) {
      const row = eventRows[event];
      const going = demoAttendance.filter((a) => a.event === event && a.status === 'going');
      const place = going.findIndex((a) => a.by === by);
      const waits = status === 'going' && row.capacity !== undefined && place >= row.capacity;
      await tx.insert(eventAttendees).values({ eventId: row.id, userId: ids[by], status: waits ? 'waiting' : status });
    }
    await tx.insert(eventUpdates).values(demoEventUpdates.map(({ event, text, hoursAgo }) => ({ eventId: eventRows[event].id, text, createdAt: hoursBefore(now, hoursAgo) })));
    for (const row of eventRows) await scheduleReminder(tx, row.id, row, now);

    await tx.insert(skills).values(demoSkills.map(({ owner, ...skill }, i) => {
      const id = randomUUID();
      const image = '/images/stock/skill-1.svg';
      return { ...skill, id, url: `/skills/${id}`, images: [image], portfolioImages: [image], thumbnail: image, userId: ids[owner], createdAt: hoursBefore(now, 7 * (i + 1)) };
    }));

    const whisperRows = demoWhispers.map(({ owner, likedBy, ...whisper }, i) => ({
      row: { ...whisper, id: randomUUID(), images: ['/images/stock/whisper-1.svg'], userId: ids[owner], createdAt: hoursBefore(now, 4 * (i + 1)) },
      likedBy,
    }));
    await tx.insert(whispers).values(whisperRows.map((w) => w.row));
    await tx.insert(whisperLikes).values(whisperRows.flatMap((w) => w.likedBy.map((key) => ({ whisperId: w.row.id, userId: ids[key] }))));
    // Each comment an hour after the one before, its replies minutes after it: newest last.
    for (const [i, { whisper, by, text, replies = [] }] of demoComments.entries()) {
      const createdAt = hoursBefore(now, demoComments.length - i);
      const [top] = await tx.insert(whisperComments).values({ whisperId: whisperRows[whisper].row.id, userId: ids[by], text, createdAt }).returning({ id: whisperComments.id });
      if (replies.length > 0) {
        await tx.insert(whisperComments).values(replies.map((reply, n) => ({
          whisperId: whisperRows[whisper].row.id, parentId: top.id, userId: ids[reply.by], text: reply.text, createdAt: new Date(createdAt.getTime() + (n + 1) * 600_000),
        })));
      }
    }
    await tx.insert(follows).values(demoFollows.map(([follower, followee]) => ({ followerId: ids[follower], followeeId: ids[followee] })));

    const challengeRows = demoChallenges.map(({ participants, progress, ...challenge }, i) => ({
      row: { ...challenge, id: randomUUID(), createdAt: hoursBefore(now, 24 * (i + 1)) },
      participants,
      progress: progress ?? {},
    }));
    await tx.insert(challenges).values(challengeRows.map((c) => c.row));
    // A participant who ticked off every step has the badge; the people's token counts already include it.
    const joined = challengeRows.flatMap((c) => c.participants.map((key) => {
      const completedSteps = c.progress[key] ?? [];
      const finished = completedSteps.length === c.row.participationSteps.length;
      return { challengeId: c.row.id, userId: ids[key], completedSteps, completedAt: finished ? hoursBefore(now, 20) : null };
    }));
    if (joined.length > 0) await tx.insert(challengeParticipants).values(joined);

    await tx.insert(notifications).values([
      ...people.map((p, i) => ({ ...WELCOME_NOTIFICATION, userId: ids[p.key], read: p.key === 'demo', createdAt: hoursBefore(now, 24 * (30 - i)) })),
      ...demoNotifications.map(({ owner, hoursAgo, ...n }) => ({ ...n, userId: ids[owner], createdAt: hoursBefore(now, hoursAgo) })),
    ]);
    await tx.insert(messages).values(demoMessages.map(({ from, to, content, hoursAgo, read }) => ({
      senderId: ids[from], receiverId: ids[to], content, createdAt: hoursBefore(now, hoursAgo), readAt: read ? hoursBefore(now, hoursAgo) : null,
    })));
    await tx.insert(trips).values(demoTrips.map(({ owner, from, to, inDays, lengthDays, peopleCount, budget }) => {
      const start = daysAfter(now, inDays);
      return {
        userId: ids[owner], fromPlace: from, toPlace: to, destinationKey: destinationKeyOf(to),
        startDate: isoDay(start), endDate: isoDay(daysAfter(start, lengthDays)), peopleCount, budget,
      };
    }));
    return true;
  });
}

/** Whether the demo account exists (main.ts prints its credentials then). */
export async function hasDemoAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERNAME)).limit(1);
  return Boolean(row);
}
