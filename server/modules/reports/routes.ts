import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatusAnswer, errorAnswers } from '../../lib/schemas.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { badRequest } from '../../lib/http-error.js';
import { callerOf } from '../../plugins/auth.js';
import { ReportBody } from './schemas.js';
import { fileReport } from './service.js';

const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // "Report" on a member, a whisper, a need, an event, a skill or a message. The answer never
  // says who else reported it, and nothing ever tells the reported member who did.
  app.post('/reports', {
    config: { access: 'signed-in' },
    schema: { body: ReportBody, response: { 201: StatusAnswer, ...errorAnswers(404, 409) } },
  }, async (request, reply) => {
    if (request.body.details && controlCharsExceptBreaks.test(request.body.details)) throw badRequest('details contains invalid characters');
    await fileReport(app.db, app.config.limits, callerOf(request).user.id, request.body);
    reply.code(201);
    return { status: true, message: 'Thanks, our moderators will look at this' };
  });
};

export default reportsRoutes;
