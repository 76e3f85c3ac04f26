import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../../lib/http-error.js';
import { removeUpload } from '../../lib/uploads/images.js';
import { callerOf } from '../../plugins/auth.js';
import { StatusAnswer, StatusDataAnswer, UserIdParams } from '../../lib/schemas.js';
import emailRoutes from './email-routes.js';
import { ChangePasswordBody, DeleteUserBody } from './schemas.js';
import { changePassword, deleteAccount } from './service.js';
import { confirmSudo } from './sudo.js';
import { checkPasswordChange } from './validation.js';

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const endSessions = app.endSessions;

  app.delete('/delete-user/:userId', {
    config: { access: { self: 'userId' } },
    // The spec's call sends no body; one with the current password is for sudo mode.
    preValidation: async (request) => {
      request.body ??= {};
    },
    schema: { params: UserIdParams, body: DeleteUserBody, response: { 200: StatusDataAnswer } },
  }, async (request) => {
    await confirmSudo(app, request, request.body.currentPassword);
    const files = await deleteAccount(app.db, endSessions, callerOf(request).user.id);
    await Promise.all(files.map((file) => removeUpload(app.uploads, file)));
    return { status: true, message: 'Deleted!', data: { message: 'Deleted!' } };
  });

  app.post('/change-password/:userId', {
    config: { access: { self: 'userId' } },
    schema: { params: UserIdParams, body: ChangePasswordBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const checked = checkPasswordChange(request.body);
    if (!checked.ok) throw invalid(checked, { status: false });
    const { user, session } = callerOf(request);
    await changePassword(app.db, app.config.limits, endSessions, { userId: user.id, sessionId: session.id, ip: request.ip, ...checked.value });
    return { status: true, message: 'Password Changed' };
  });

  await app.register(emailRoutes);
};

export default accountRoutes;
