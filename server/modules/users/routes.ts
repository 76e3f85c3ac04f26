import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/http-error.js';
import profileRoutes from './profile-routes.js';
import { IdParams } from '../../lib/schemas.js';
import { toUserDto } from '../../lib/user-dto.js';
import { UserAnswer } from './schemas.js';
import { findUserById } from './service.js';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Anyone may read a profile; only the owner sees e-mail and phone.
  app.get('/user/:id', {
    config: { access: 'public' },
    schema: {
      params: IdParams,
      response: { 200: UserAnswer },
    },
  }, async (request) => {
    const row = await findUserById(app.db, request.params.id);
    // A deactivated account is gone as far as anyone is concerned (its owner cannot log in).
    if (!row || row.status !== 'active') {
      throw notFound('User not found', { status: false });
    }
    return { status: true, user: toUserDto(row, request.user?.id === row.id) };
  });

  await app.register(profileRoutes);
};

export default usersRoutes;
