import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../plugins/auth.js';
import { NotificationsAnswer } from './schemas.js';
import { listNotifications } from './service.js';

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/notifications', {
    config: { access: 'signed-in' },
    schema: {
      response: { 200: NotificationsAnswer },
    },
  }, async (request) => {
    const rows = await listNotifications(app.db, callerOf(request).user.id);
    return {
      success: true,
      data: rows.map((row) => ({ _id: row.id, title: row.title, body: row.body, createdAt: row.createdAt.toISOString(), read: row.read })),
    };
  });
};

export default notificationsRoutes;
