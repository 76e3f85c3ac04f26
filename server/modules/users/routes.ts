import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { blocksOf } from '../../lib/blocks.js';
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
    // A deactivated or suspended account is gone as far as anyone is concerned (its owner cannot log in).
    if (!row || row.status !== 'active') {
      throw notFound('User not found', { status: false });
    }
    const self = request.user?.id === row.id;
    if (self || !request.user) return { status: true, user: toUserDto(row, self) };
    // A member who blocked the caller is gone for them; one the caller blocked is still shown, to unblock.
    const { blocked, blockedBy } = await blocksOf(app.db, request.user.id);
    if (blockedBy.includes(row.id)) throw notFound('User not found', { status: false });
    return { status: true, user: { ...toUserDto(row, false), blocked: blocked.includes(row.id) } };
  });

  await app.register(profileRoutes);
};

export default usersRoutes;
