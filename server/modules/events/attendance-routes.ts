import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { badRequest, forbidden, invalid, notFound } from '../../lib/http-error.js';
import { errorAnswers, ErrorAnswer, IdParams } from '../../lib/schemas.js';
import { idempotent } from '../../lib/idempotency.js';
import { afterCommit } from '../../db/cache.js';
import { doneOr } from '../../lib/owned.js';
import { seenBy } from '../../lib/visibility.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { setRsvp } from './attendance.js';
import { attendeesOf, myEvents } from './member-lists.js';
import { AttendeesAnswer, MyEventsAnswer, RsvpAnswer, RsvpBody, UpdateBody, UpdateSavedAnswer, UpdatesAnswer } from './schemas.js';
import { findEvent, findOwnership } from './service.js';
import { checkUpdateText, listUpdates, postUpdate, readsUpdates, toUpdateDto, UPDATES_FOR_THE_PEOPLE_GOING } from './updates.js';
import { earliestStartDay } from './validation.js';

export const EVENT_NOT_FOUND = 'Event not found';
export const EVENT_ENDED = 'This event has ended.';
const eventMissing = () => notFound(EVENT_NOT_FOUND, { success: false });

/** The title of the live 'notification' event that makes a member's bell read its list again. */
export const EVENT_NOTIFICATION = 'Event news';

/**
 * Going and interested, who is going, the organiser's updates, and a member's own events
 * (server/README.md "Events people can go to").
 */
const attendanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The event as the caller may see it (not hidden, its organiser not suspended, no block either way); 404 otherwise. */
  async function visibleEvent(request: FastifyRequest, id: string) {
    const row = await findEvent(app.db, id);
    if (!row || !(await seenBy(app.db, request.user?.id, row))) throw eventMissing();
    return row;
  }

  // An answer sets a state, but one retried from the offline queue after a later answer (its reply
  // lost) would put the older answer back, and a place taken again goes to the end of the waitlist:
  // with an Idempotency-Key (the route names the event; the key elsewhere answers 422) the retry
  // gets the first answer and changes nothing.
  app.put('/events/:id/rsvp', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, body: RsvpBody, response: { 200: RsvpAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    const event = await visibleEvent(request, request.params.id);
    const { status } = request.body;
    // Leaving is always possible; answering an event that is over is not.
    if (status !== 'none' && event.endDate < earliestStartDay(app.clock())) throw badRequest(EVENT_ENDED);
    return idempotent(app.db, request, reply, { userId: me, route: `rsvp-event:${event.id}` }, {
      create: async (db) => {
        const result = await setRsvp(db, event.id, me, status);
        if (result.outcome === 'missing') throw eventMissing(); // deleted meanwhile
        afterCommit(db, () => tellUsers(app, result.movedUp, 'notification', { title: EVENT_NOTIFICATION }));
        return { statusCode: 200, body: { success: true as const, attendance: result.attendance } };
      },
    });
  });

  app.get('/events/:id/attendees', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, response: { 200: AttendeesAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const event = await visibleEvent(request, request.params.id);
    const attendees = await attendeesOf(app.db, event.id, await hiddenAuthorsFor(app.db, me));
    return { success: true, attendees };
  });

  // Updates are addressed to the people going (a meeting point, a door code): the organiser and
  // the members going or waiting for a place read them; other members get 403 and visitors 401.
  app.get('/events/:id/updates', {
    config: { access: 'signed-in' },
    schema: {
      description: 'The organiser\'s updates, newest 50 first. For the organiser and the members going or waiting for a place only: '
        + `another member gets 403 { message: '${UPDATES_FOR_THE_PEOPLE_GOING}' }, a visitor 401, a member the event is hidden from 404.`,
      params: IdParams,
      response: { 200: UpdatesAnswer, 403: { ...ErrorAnswer, description: 'Signed in, but neither the organiser nor going or waiting for a place' } },
    },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const event = await visibleEvent(request, request.params.id);
    if (!(await readsUpdates(app.db, event.id, event.authorId, me))) throw forbidden(UPDATES_FOR_THE_PEOPLE_GOING);
    return { success: true, updates: (await listUpdates(app.db, event.id)).map(toUpdateDto) };
  });

  app.post('/events/:id/updates', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, body: UpdateBody, response: { 201: UpdateSavedAnswer } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    // Whose event it is comes before what the text says.
    const owned = await findOwnership(app.db, request.params.id);
    if (!owned) throw eventMissing();
    if (owned.createdBy !== me) throw forbidden();
    const text = checkUpdateText(request.body.text);
    if (!text.ok) throw invalid(text);
    const { update, told } = doneOr(eventMissing, 'event')(await postUpdate(app.db, request.params.id, me, text.value));
    tellUsers(app, told, 'notification', { title: EVENT_NOTIFICATION });
    return reply.code(201).send({ success: true, message: 'Update posted', update });
  });

  app.get('/events/mine', {
    config: { access: 'signed-in' },
    schema: { response: { 200: MyEventsAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    return { success: true, ...(await myEvents(app.db, me, await hiddenAuthorsFor(app.db, me), app.clock())) };
  });
};

export default attendanceRoutes;
