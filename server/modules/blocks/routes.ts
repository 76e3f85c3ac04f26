import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { StatusAnswer, UserIdParams } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { BlockedListAnswer } from './schemas.js';
import { block, blockedBy, unblock } from './service.js';

const blocksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Settings' "Blocked members".
  app.get('/blocks', {
    config: { access: 'signed-in' },
    schema: { response: { 200: BlockedListAnswer } },
  }, async (request) => ({ status: true, blocked: await blockedBy(app.db, callerOf(request).user.id) }));

  // Blocking is silent: nothing tells the blocked member, live or stored.
  app.post('/blocks/:userId', {
    config: { access: 'signed-in' },
    schema: { params: UserIdParams, response: { 200: StatusAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const { userId } = request.params;
    if (userId === me) throw failure(400, 'You cannot block yourself.');
    if (!(await block(app.db, me, userId))) throw failure(404, 'User not found');
    return { status: true, message: 'Member blocked.' };
  });

  app.delete('/blocks/:userId', {
    config: { access: 'signed-in' },
    schema: { params: UserIdParams, response: { 200: StatusAnswer } },
  }, async (request) => {
    await unblock(app.db, callerOf(request).user.id, request.params.userId);
    return { status: true, message: 'Member unblocked.' };
  });
};

export default blocksRoutes;
