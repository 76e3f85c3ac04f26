import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { IdParams } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { NotificationsAnswer, ReadAnswer } from './schemas.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/notifications', {
    config: { access: 'signed-in' },
    schema: {
      response: { 200: NotificationsAnswer },
    },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const [rows, unread] = await Promise.all([listNotifications(app.db, me), unreadCount(app.db, me)]);
    return {
      success: true,
      data: rows.map((row) => ({ _id: row.id, title: row.title, body: row.body, createdAt: row.createdAt.toISOString(), read: row.read })),
      unreadCount: unread,
    };
  });

  // Marks one notification read; the user's other open tabs hear of it.
  app.post('/notifications/:id/read', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, response: { 200: ReadAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const outcome = await markRead(app.db, me, request.params.id);
    if (outcome === 'missing') throw failure(404, 'Notification not found');
    if (outcome === 'done') tellUsers(app, [me], 'notifications-read', { id: request.params.id });
    return { success: true, updated: outcome === 'done' ? 1 : 0 };
  });

  app.post('/notifications/read-all', {
    config: { access: 'signed-in' },
    schema: { response: { 200: ReadAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const updated = await markAllRead(app.db, me);
    if (updated > 0) tellUsers(app, [me], 'notifications-read', {});
    return { success: true, updated };
  });
};

export default notificationsRoutes;
