import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { ActorBody, IdParams, errorAnswers } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { ChallengeAnswer, ChallengeListAnswer, JoinAnswer, JoinedListAnswer, StepAnswer, StepBody } from './schemas.js';
import { findChallenge, joinChallenge, joinedChallenges, listChallenges, setStep } from './service.js';

const challengeMissing = () => notFound('Challenge not found', { success: false });

const stepRefusals = {
  missing: challengeMissing,
  'not-joined': () => forbidden('Join the challenge first.'),
  'no-such-step': () => badRequest('This challenge has no such step.'),
  complete: () => conflict('You have finished this challenge: its steps stay ticked off.'),
};

const challengesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: GET /api/get-challenges answers `data`, the list.
  app.get('/get-challenges', {
    config: { access: 'public' },
    schema: { response: { 200: ChallengeListAnswer } },
  }, async () => ({ success: true, data: await listChallenges(app.db) }));

  // Spec §7: GET /api/challenges/{id} answers `data.data`. A signed-in participant also gets their progress.
  app.get('/challenges/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: ChallengeAnswer } },
  }, async (request) => {
    const challenge = await findChallenge(app.db, request.params.id, request.user?.id);
    if (!challenge) throw challengeMissing();
    return { success: true, data: { data: challenge } };
  });

  // Spec §7 sends { userId }; the server joins the token's user whatever the body says.
  app.post('/challenges/:id/join', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, body: ActorBody, response: { 200: JoinAnswer } },
  }, async (request) => {
    const challenge = await joinChallenge(app.db, request.params.id, callerOf(request).user.id);
    if (!challenge) throw challengeMissing();
    return { success: true, message: 'You have joined the challenge.', data: challenge };
  });

  // A participant ticks a step off, or back on; the last one earns the badge and its tokens.
  app.post('/challenges/:id/progress', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, body: StepBody, response: { 200: StepAnswer, ...errorAnswers(403, 409) } },
  }, async (request) => {
    const { step, done } = request.body;
    const result = await setStep(app.db, request.params.id, callerOf(request).user.id, step, done);
    if (result.outcome !== 'done') throw stepRefusals[result.outcome]();
    const { challenge, badgeEarned, tokens } = result;
    if (badgeEarned) tellUsers(app, [callerOf(request).user.id], 'notification', { title: 'Badge earned' });
    const message = badgeEarned
      ? `Challenge complete! You earned the ${challenge.badge || challenge.title} badge.`
      : done ? 'Step completed.' : 'Step marked as not done.';
    return { success: true, message, data: challenge, badgeEarned, tokens };
  });

  // Spec §7: GET /api/users/{id}/joined-challenges answers `data.data`: the user's own, with progress.
  app.get('/users/:id/joined-challenges', {
    config: { access: { self: 'id' } },
    schema: { params: IdParams, response: { 200: JoinedListAnswer } },
  }, async (request) => ({ success: true, data: { data: await joinedChallenges(app.db, callerOf(request).user.id) } }));
};

export default challengesRoutes;
