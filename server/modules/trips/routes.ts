import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflict, failure, invalid } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { IdParams, StatusAnswer, UserIdParams, errorAnswers } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { CompanionsAnswer, MatchingAnswer, MatchingBody, TripBody, TripListAnswer, TripSavedAnswer } from './schemas.js';
import { cancelTrip, companionMatchingOf, findCompanions, insertTrip, listTrips, setCompanionMatching, updateTrip, type TripChange } from './service.js';
import { checkTrip } from './validation.js';

export const TRIP_SENT = 'Your trip request has been sent successfully.';
const tripMissing = () => failure(404, 'Trip not found');

/** The answer of a change of a trip, or the refusal: another user's trip is not found either. */
function changed<T>(result: TripChange<T>, pastMessage: string): T {
  if (result.outcome === 'missing') throw tripMissing();
  if (result.outcome === 'past') throw conflict(pastMessage);
  return result.value;
}

const tripsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: POST /api/send-trip-request/{userId}, answered with a status flag. It plans a trip for the token's user.
  app.post('/send-trip-request/:userId', {
    config: { access: { self: 'userId' } },
    schema: { params: UserIdParams, body: TripBody, response: { 201: TripSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const userId = callerOf(request).user.id;
    const checked = checkTrip(request.body);
    if (!checked.ok) throw invalid(checked, { status: false });
    return idempotent(app.db, request, reply, { userId, route: 'send-trip-request' }, {
      create: async (db) => ({ statusCode: 201, body: { status: true, message: TRIP_SENT, trip: await insertTrip(db, userId, checked.value) } }),
    });
  });

  app.get('/users/:id/trips', {
    config: { access: { self: 'id' } },
    schema: { params: IdParams, response: { 200: TripListAnswer } },
  }, async (request) => ({ success: true, data: await listTrips(app.db, callerOf(request).user.id) }));

  app.put('/trips/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, body: TripBody, response: { 200: TripSavedAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const checked = checkTrip(request.body);
    if (!checked.ok) throw invalid(checked, { status: false });
    const result = await updateTrip(app.db, callerOf(request).user.id, request.params.id, checked.value);
    return { status: true, message: 'Your trip has been updated.', trip: changed(result, 'A past trip cannot be changed.') };
  });

  app.delete('/trips/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: StatusAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    changed(await cancelTrip(app.db, callerOf(request).user.id, request.params.id), 'A past trip cannot be cancelled.');
    return { status: true, message: 'Your trip has been cancelled.' };
  });

  app.get('/companions', {
    config: { access: 'signed-in' },
    schema: { response: { 200: CompanionsAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const [matching, data] = await Promise.all([companionMatchingOf(app.db, me), findCompanions(app.db, me)]);
    return { success: true, matching, data };
  });

  app.put('/users/:id/companion-matching', {
    config: { access: { self: 'id' } },
    schema: { params: IdParams, body: MatchingBody, response: { 200: MatchingAnswer } },
  }, async (request) => {
    const { enabled } = request.body;
    await setCompanionMatching(app.db, callerOf(request).user.id, enabled);
    const message = enabled ? 'Travellers with overlapping trips can now find you.' : 'Travellers can no longer find you by your trips.';
    return { status: true, message, enabled };
  });
};

export default tripsRoutes;
