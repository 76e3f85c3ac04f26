import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { emailChangeCodeMail, emailChangedNoticeMail } from '../../mail/templates.js';
import { OTP_TTL_MINUTES } from '../otp/codes.js';
import { countSend } from '../otp/send-limit.js';
import { issueOtp } from '../otp/service.js';
import { toUserDto } from '../users/user-dto.js';
import { assertEmailAvailable, confirmEmailChange } from './email-change.js';
import { SendEmailOtpBody, StatusAnswer, StatusUserAnswer, VerifyEmailOtpBody } from './schemas.js';
import { checkEmailChangeCode, checkNewEmail } from './validation.js';

// Spec §4 "E-mail change": request a code to the new address, verify it, done.
const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits, jwtSecret } = app.config;

  app.post('/send-email-otp', {
    preHandler: app.authenticate,
    schema: { body: SendEmailOtpBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const checked = checkNewEmail(request.body.newEmail);
    if (!checked.ok) throw failure(400, checked.message);
    const email = checked.value;
    const userId = request.user!.id;
    await assertEmailAvailable(app.db, userId, email);
    await countSend(app.db, [
      { key: `email:${email}`, max: limits.otpSendsPerAddress },
      { key: `user:${userId}`, max: limits.otpSendsPerAddress },
      { key: `ip:${request.ip}`, max: limits.otpSendsPerIp },
    ], limits.otpWindowMs);
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
    preHandler: app.authenticate,
    schema: { body: VerifyEmailOtpBody, response: { 200: StatusUserAnswer } },
  }, async (request) => {
    const email = checkNewEmail(request.body.newEmail);
    if (!email.ok) throw failure(400, email.message);
    const code = checkEmailChangeCode(request.body.otp);
    if (!code.ok) throw failure(400, code.message);
    const changed = await confirmEmailChange(app.db, jwtSecret!, request.user!.id, email.value, code.value);
    if (!changed) throw failure(400, 'Invalid OTP.');
    // The old address hears of it, in case it was not its owner who asked.
    app.runInBackground('e-mail change notice', () =>
      app.mailer.send(emailChangedNoticeMail(changed.oldEmail, email.value, app.config.supportEmail)));
    return { status: true, message: 'Email Verified', user: toUserDto(changed.user, true) };
  });
};

export default emailRoutes;
