import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { badRequest, tooManyRequests } from '../../lib/http-error.js';
import { createLoginLockout } from '../../lib/login-lockout.js';
import { warmUpPasswordCheck } from '../../lib/passwords.js';
import { revokeSession } from '../../lib/sessions.js';
import { toUserDto, UserSchema } from '../users/user-dto.js';
import { LoginBody, MessageSchema, RegisterBody } from './schemas.js';
import { loginUser, registerUser, TOO_MANY_LOGINS } from './service.js';
import { checkLogin, checkRegistration } from './validation.js';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits } = app.config;
  const lockout = createLoginLockout(app.db, limits.loginFailures, limits.loginLockWindowMs);
  await warmUpPasswordCheck();

  app.post('/register', {
    schema: {
      body: RegisterBody,
      response: { 201: Type.Object({ message: Type.String(), data: UserSchema }) },
    },
  }, async (request, reply) => {
    const checked = checkRegistration(request.body);
    if (!checked.ok) throw badRequest(checked.message);
    const user = await registerUser(app.db, checked.value);
    return reply.status(201).send({ message: 'User registered successfully', data: toUserDto(user, true) });
  });

  app.post('/login', {
    // Per IP, on top of the per-account lockout in the service.
    config: {
      rateLimit: {
        max: limits.loginPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: () => tooManyRequests(TOO_MANY_LOGINS),
      },
    },
    schema: {
      body: LoginBody,
      response: { 200: Type.Object({ message: Type.String(), user: UserSchema, token: Type.String() }) },
    },
  }, async (request) => {
    const checked = checkLogin(request.body);
    if (!checked.ok) throw badRequest(checked.message);
    const { user, token } = await loginUser(app.db, lockout, app.config.jwtSecret!, checked.value.username, checked.value.password);
    return { message: 'User logged in successfully', user: toUserDto(user, true), token };
  });

  app.post('/logout', {
    preHandler: app.authenticate,
    schema: { response: { 200: MessageSchema } },
  }, async (request) => {
    await revokeSession(app.db, request.session!.id);
    return { message: 'Logged out successfully' };
  });
};

export default authRoutes;
