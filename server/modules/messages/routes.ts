import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, failure } from '../../lib/http-error.js';
import { PAGE_DEFAULT } from '../../lib/pagination.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import {
  ConversationAnswer, ConversationParams, ConversationQuery, InboxAnswer, MESSAGE_MAX, ReadAnswer, SendBody, SentAnswer,
} from './schemas.js';
import { conversation, findCorrespondent, inbox, markRead, notifyMessage, storeMessage } from './service.js';

const userMissing = () => failure(404, 'User not found');

const messagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: GET /api/messages answers `messages`: here one row per conversation, the latest first.
  app.get('/messages', {
    config: { access: 'signed-in' },
    schema: { response: { 200: InboxAnswer } },
  }, async (request) => {
    const { rows, unreadTotal } = await inbox(app.db, callerOf(request).user.id);
    return { success: true, messages: rows, unreadTotal };
  });

  // One conversation, a page at a time (the newest first; `cursor` pages back).
  app.get('/messages/:userId', {
    config: { access: 'signed-in' },
    schema: { params: ConversationParams, querystring: ConversationQuery, response: { 200: ConversationAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const other = await findCorrespondent(app.db, request.params.userId);
    if (!other) throw userMissing();
    const { limit = PAGE_DEFAULT, cursor } = request.query;
    return { success: true, with: other, ...(await conversation(app.db, me, other._id, { limit, cursor })) };
  });

  // Sends a message: stored first, then emitted ('new-message') to both users' sockets, on every instance.
  app.post('/messages/:userId', {
    config: { access: 'signed-in' },
    schema: { params: ConversationParams, body: SendBody, response: { 201: SentAnswer } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    const content = request.body.content.trim();
    if (content === '') throw badRequest('Message cannot be empty.');
    if (content.length > MESSAGE_MAX) throw badRequest(`Message must be at most ${MESSAGE_MAX} characters.`);
    if (controlCharsExceptBreaks.test(content)) throw badRequest('Message contains invalid characters.');
    if (request.params.userId === me) throw badRequest('You cannot message yourself.');
    const other = await findCorrespondent(app.db, request.params.userId);
    if (!other) throw userMissing();
    const message = await storeMessage(app.db, me, other._id, content);
    // Delivered as soon as it is stored; the notification follows (a failure there loses no message).
    tellUsers(app, [me, other._id], 'new-message', message);
    try {
      await notifyMessage(app.db, message);
      tellUsers(app, [other._id], 'notification', { title: 'New message' });
    } catch (error) {
      request.log.error({ err: error }, 'message notification failed');
    }
    reply.code(201);
    return { success: true, message };
  });

  // The caller has read the conversation: what the other user sent is marked read.
  app.post('/messages/:userId/read', {
    config: { access: 'signed-in' },
    schema: { params: ConversationParams, response: { 200: ReadAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const updated = await markRead(app.db, me, request.params.userId);
    if (updated > 0) tellUsers(app, [me], 'messages-read', { with: request.params.userId });
    return { success: true, updated };
  });
};

export default messagesRoutes;
