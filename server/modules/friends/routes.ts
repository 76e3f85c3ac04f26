import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, conflict, failure } from '../../lib/http-error.js';
import { UserIdParams, errorAnswers } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { ActionAnswer, ActionBody, FRIEND_ACTIONS, RequestIdParams, RequestListAnswer, SendRequestBody, SentRequestAnswer } from './schemas.js';
import { answerRequest, pendingFor, sendRequest, sentBy } from './service.js';

const isAction = (value: string): value is (typeof FRIEND_ACTIONS)[number] => (FRIEND_ACTIONS as readonly string[]).includes(value);

const friendsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Sends a friend request from the signed-in user (the author profile's 'Add friend').
  app.post('/friend-requests', {
    config: { access: 'signed-in' },
    schema: { body: SendRequestBody, response: { 201: SentRequestAnswer, ...errorAnswers(403, 404, 409) } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    const { receiverId } = request.body;
    if (receiverId === me) throw badRequest('You cannot send a friend request to yourself.');
    const result = await sendRequest(app.db, me, receiverId);
    if (result.outcome === 'missing') throw failure(404, 'User not found');
    if (result.outcome === 'blocked') throw failure(403, 'You cannot send a friend request to this member.');
    if (result.outcome === 'friends') throw conflict('You are already friends.');
    if (result.outcome === 'pending') throw conflict('A friend request between you is already pending.');
    tellUsers(app, [receiverId], 'notification', { title: 'Friend request' });
    reply.code(201);
    return { success: true, message: 'Friend request sent.', request: result.request };
  });

  // The requests waiting for the signed-in user's answer (spec §7: "answer: success, data, count").
  app.get('/friend-requests', {
    config: { access: 'signed-in' },
    schema: { response: { 200: RequestListAnswer } },
  }, async (request) => {
    const data = await pendingFor(app.db, callerOf(request).user.id);
    return { success: true, data, count: data.length };
  });

  // Spec §7: POST /api/action-request/{requestId} with the action ('accept' or 'reject') and the user data.
  app.post('/action-request/:requestId', {
    config: { access: 'signed-in' },
    schema: { params: RequestIdParams, body: ActionBody, response: { 200: ActionAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const action = request.body.action.trim().toLowerCase();
    if (!isAction(action)) throw badRequest("action must be 'accept' or 'reject'");
    const result = await answerRequest(app.db, callerOf(request).user.id, request.params.requestId, action);
    if (result.outcome === 'missing') throw failure(404, 'Friend request not found');
    if (result.outcome === 'answered') throw conflict('This friend request was already answered.');
    if (result.status === 'accepted') tellUsers(app, [result.senderId], 'notification', { title: 'Friend request accepted' });
    return {
      success: true,
      message: result.status === 'accepted' ? 'Friend request accepted.' : 'Friend request rejected.',
      status: result.status,
    };
  });

  // Spec §7: GET /api/my-requests/{userId}: the requests the user sent, with what became of them.
  app.get('/my-requests/:userId', {
    config: { access: { self: 'userId' } },
    schema: { params: UserIdParams, response: { 200: RequestListAnswer } },
  }, async (request) => {
    const data = await sentBy(app.db, callerOf(request).user.id);
    return { success: true, data, count: data.length };
  });
};

export default friendsRoutes;
