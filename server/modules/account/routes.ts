import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { createLoginLockout } from '../../lib/login-lockout.js';
import { userRoom } from '../../plugins/realtime.js';
import { removeUpload } from '../uploads/images.js';
import { UserIdParams } from '../users/schemas.js';
import emailRoutes from './email-routes.js';
import { ChangePasswordBody, DeletedAnswer, StatusAnswer } from './schemas.js';
import { changePassword, deleteAccount } from './service.js';
import { checkPasswordChange } from './validation.js';

const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits } = app.config;
  // The same lockout as login: wrong current passwords and wrong logins count together.
  const lockout = createLoginLockout(app.db, limits.loginFailures, limits.loginLockWindowMs);

  app.delete('/delete-user/:userId', {
    preHandler: app.requireSelf('userId'),
    schema: { params: UserIdParams, response: { 200: DeletedAnswer } },
  }, async (request) => {
    const userId = request.user!.id;
    const files = await deleteAccount(app.db, userId);
    if (!files) throw failure(404, 'User not found');
    await Promise.all(files.map((file) => removeUpload(app.config.uploadsDir, file)));
    app.io.in(userRoom(userId)).disconnectSockets(true);
    return { status: true, message: 'Deleted!', data: { message: 'Deleted!' } };
  });

  app.post('/change-password/:userId', {
    preHandler: app.requireSelf('userId'),
    schema: { params: UserIdParams, body: ChangePasswordBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const checked = checkPasswordChange(request.body);
    if (!checked.ok) throw failure(400, checked.message);
    await changePassword(app.db, lockout, { userId: request.user!.id, sessionId: request.session!.id, ...checked.value });
    return { status: true, message: 'Password Changed' };
  });

  await app.register(emailRoutes);
};

export default accountRoutes;
