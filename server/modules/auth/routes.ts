import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid, tooManyRequests } from '../../lib/http-error.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { warmUpPasswordCheck } from '../../lib/passwords.js';
import { takeHits } from '../../lib/quota.js';
import { callerOf } from '../../plugins/auth.js';
import { MessageAnswer, errorAnswers } from '../../lib/schemas.js';
import { toUserDto } from '../../lib/user-dto.js';
import { LoginAnswer, LoginBody, RegisterAnswer, RegisterBody } from './schemas.js';
import { loginUser, registerUser, TOO_MANY_LOGINS } from './service.js';
import { checkLogin, checkRegistration } from './validation.js';

export const TOO_MANY_REGISTRATIONS = 'Too many registrations from your network. Please try again later.';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits } = app.config;
  await warmUpPasswordCheck();

  app.post('/register', {
    config: { access: 'public' },
    schema: {
      body: RegisterBody,
      response: { 201: RegisterAnswer, ...errorAnswers(409) },
    },
  }, async (request, reply) => {
    const checked = checkRegistration(request.body);
    if (!checked.ok) throw invalid(checked);
    // Per client address, generous for a hostel's shared Wi-Fi; counted in Postgres, so it holds across instances.
    await takeHits(app.db, [{ key: limitKeys.registrationsFromIp(request.ip), max: limits.registrationsPerIp, windowMs: limits.registrationWindowMs }],
      () => tooManyRequests(TOO_MANY_REGISTRATIONS));
    const user = await registerUser(app.db, checked.value);
    return reply.status(201).send({ message: 'User registered successfully', data: toUserDto(user, true) });
  });

  app.post('/login', {
    // The answer carries the session's token: never compressed (plugins/compression.ts).
    compress: false,
    // Per client address, on top of the per-name lockout and slowdown of the service.
    config: {
      access: 'public',
      rateLimit: {
        max: limits.loginPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: () => tooManyRequests(TOO_MANY_LOGINS),
      },
    },
    schema: {
      body: LoginBody,
      response: { 200: LoginAnswer, ...errorAnswers(401, 403) },
    },
  }, async (request) => {
    const checked = checkLogin(request.body);
    if (!checked.ok) throw invalid(checked);
    const { user, token } = await loginUser(app.db, limits, app.config.jwtSecret!,
      { login: checked.value.username, password: checked.value.password, ip: request.ip });
    return { message: 'User logged in successfully', user: toUserDto(user, true), token };
  });

  app.post('/logout', {
    config: { access: 'signed-in' },
    schema: { response: { 200: MessageAnswer } },
  }, async (request) => {
    await app.endSessions({ sessionId: callerOf(request).session.id });
    return { message: 'Logged out successfully' };
  });
};

export default authRoutes;
