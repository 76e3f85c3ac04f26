import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { blockedBetween, blocksOf } from '../../lib/blocks.js';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/db-errors.js';
import { afterCommit } from '../../db/cache.js';
import { groupCommit } from '../../lib/group-commit.js';
import { badRequest, failure, unauthorized } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { PAGE_DEFAULT } from '../../lib/pagination.js';
import { errorAnswers } from '../../lib/schemas.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import {
  ConversationAnswer, ConversationParams, ConversationQuery, InboxAnswer, MESSAGE_MAX, ReadAnswer, SendBody, SentAnswer,
} from './schemas.js';
import {
  conversation, findCorrespondent, hasConversation, inbox, markRead, MESSAGE_NOTIFICATION_TITLE, messageUserOf, storeMessages, type MessageDto, type Outgoing,
} from './service.js';

const userMissing = () => failure(404, 'User not found');

const messagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Messages come many a second on a busy server: those sent in one turn of the event loop, or while
  // a write runs, are stored together (lib/group-commit.ts), with their notifications, in one
  // statement. Each is emitted to both users ('new-message') and its receiver told ('notification')
  // as soon as that statement answers, before any of the batch's requests is answered: delivery
  // waits for the database, never for other requests' replies.
  const tell = (stored: MessageDto[]) => {
    try {
      for (const message of stored) tellUsers(app, [message.sender._id, message.receiver._id], 'new-message', message);
      for (const message of stored) tellUsers(app, [message.receiver._id], 'notification', { title: MESSAGE_NOTIFICATION_TITLE });
    } catch (error) {
      // Stored is sent: the senders are answered whatever became of the emit (a reconnecting client reads what it missed).
      app.log.error({ err: error }, 'emitting stored messages failed');
    }
  };
  const send = groupCommit(async (batch: Outgoing[]) => {
    const stored = await storeMessages(app.db, batch);
    tell(stored);
    return stored;
  });

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
    const { blocked: mine, blockedBy } = await blocksOf(app.db, me);
    // One who blocked the caller is gone for them (as `/api/user/:id` answers), unless they have a
    // conversation to read: that stays readable. Asked apart from the page, so no cursor pages to an
    // empty one that names them.
    if (blockedBy.includes(other._id) && !(await hasConversation(app.db, me, other._id))) throw userMissing();
    const blocked = mine.includes(other._id) || blockedBy.includes(other._id);
    return { success: true, with: other, ...(await conversation(app.db, me, other._id, { limit, cursor })), blocked };
  });

  // Sends a message: stored first, then emitted ('new-message') to both users' sockets, on every instance (`send` above).
  app.post('/messages/:userId', {
    config: { access: 'signed-in' },
    schema: { params: ConversationParams, body: SendBody, response: { 201: SentAnswer, ...errorAnswers(403, 409, 422) } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    const content = request.body.content.trim();
    if (content === '') throw badRequest('Message cannot be empty.');
    if (content.length > MESSAGE_MAX) throw badRequest(`Message must be at most ${MESSAGE_MAX} characters.`);
    if (controlCharsExceptBreaks.test(content)) throw badRequest('Message contains invalid characters.');
    if (request.params.userId === me) throw badRequest('You cannot message yourself.');
    const [sender, other] = await Promise.all([findCorrespondent(app.db, me), findCorrespondent(app.db, request.params.userId)]);
    if (!other) throw userMissing();
    if (!sender) throw unauthorized(); // deactivated since the token was checked
    // Blocked either way: the conversation stays readable, nothing more is sent (and nothing told live).
    if (await blockedBetween(app.db, me, other._id)) throw failure(403, 'You cannot message this member.');
    const outgoing = { sender: messageUserOf(sender), receiver: messageUserOf(other), content };
    // The receiver's account went between the lookup and the write.
    const gone = (error: unknown) => {
      throw pgErrorCode(error) === FOREIGN_KEY_VIOLATION ? userMissing() : error;
    };
    if (request.headers['idempotency-key'] === undefined) {
      const message = await send(outgoing).catch(gone);
      reply.code(201);
      return { success: true, message };
    }
    // With an Idempotency-Key (a client resending a message whose answer it lost), the message is
    // stored with the key, in the key's transaction, instead of in a group commit: sent once, told once.
    return idempotent(app.db, request, reply, { userId: me, route: `send-message:${other._id}` }, {
      create: async (db) => {
        const [message] = await storeMessages(db, [outgoing]).catch(gone);
        afterCommit(db, () => tell([message]));
        return { statusCode: 201, body: { success: true as const, message } };
      },
    });
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
