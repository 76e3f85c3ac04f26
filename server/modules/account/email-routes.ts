import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure, invalid } from '../../lib/http-error.js';
import { OTP_TTL_MINUTES } from '../../lib/otp/codes.js';
import { countSend } from '../../lib/otp/send-limit.js';
import { issueOtp } from '../../lib/otp/service.js';
import { emailChangeCodeMail, emailChangedNoticeMail } from '../../mail/templates.js';
import { callerOf } from '../../plugins/auth.js';
import { StatusAnswer, StatusUserAnswer, errorAnswers } from '../../lib/schemas.js';
import { toUserDto } from '../../lib/user-dto.js';
import { assertEmailAvailable, confirmEmailChange } from './email-change.js';
import { SendEmailOtpBody, VerifyEmailOtpBody } from './schemas.js';
import { confirmSudo } from './sudo.js';
import { checkEmailChangeCode, checkNewEmail } from './validation.js';

// Spec §4 "E-mail change": request a code to the new address, verify it, done.
const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits, jwtSecret } = app.config;

  app.post('/send-email-otp', {
    config: { access: 'signed-in' },
    schema: { body: SendEmailOtpBody, response: { 200: StatusAnswer, ...errorAnswers(403, 409, 502) } },
  }, async (request) => {
    const checked = checkNewEmail(request.body.newEmail);
    if (!checked.ok) throw invalid(checked, { status: false });
    const email = checked.value;
    await confirmSudo(app, request, request.body.currentPassword);
    const userId = callerOf(request).user.id;
    // Counted before the address is looked up: probing which addresses have accounts costs sends too.
    await countSend(app.db, limits, { email, ip: request.ip, userId });
    await assertEmailAvailable(app.db, userId, email);
    const code = await issueOtp(app.db, jwtSecret!, { userId, purpose: 'email-change', email });
    try {
      await app.mailer.send(emailChangeCodeMail(email, code, OTP_TTL_MINUTES));
    } catch (error) {
      request.log.error({ err: error }, 'could not send the e-mail change code');
      throw failure(502, 'Failed to send OTP. Please try again.');
    }
    return { status: true, message: 'OTP Sent' };
  });

  app.post('/verify-email-otp', {
    config: { access: 'signed-in' },
    schema: { body: VerifyEmailOtpBody, response: { 200: StatusUserAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const email = checkNewEmail(request.body.newEmail);
    if (!email.ok) throw invalid(email, { status: false });
    const code = checkEmailChangeCode(request.body.otp);
    if (!code.ok) throw invalid(code, { status: false });
    const { user, session } = callerOf(request);
    const changed = await confirmEmailChange(app.db, jwtSecret!, limits, app.endSessions,
      { userId: user.id, sessionId: session.id, email: email.value, code: code.value });
    // The old address hears of it, with what to do if its owner did not ask for it.
    app.runInBackground('e-mail change notice', () =>
      app.mailer.send(emailChangedNoticeMail(changed.oldEmail, email.value, { supportEmail: app.config.supportEmail, username: changed.user.username })));
    return { status: true, message: 'Email Verified', user: toUserDto(changed.user, true) };
  });
};

export default emailRoutes;
