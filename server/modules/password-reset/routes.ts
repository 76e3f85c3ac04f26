import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../../lib/http-error.js';
import { OTP_TTL_MINUTES } from '../../lib/otp/codes.js';
import { countSend } from '../../lib/otp/send-limit.js';
import { passwordResetCodeMail } from '../../mail/templates.js';
import { StatusAnswer, StatusDataAnswer } from '../../lib/schemas.js';
import { ForgotPasswordBody, ResetCodeBody, ResetPasswordBody } from './schemas.js';
import { issueResetCode, resetPassword, verifyResetCode } from './service.js';
import { checkNewPassword, checkResetCode, checkResetEmail } from './validation.js';

const SENT = 'An OTP has been sent to your email.';
const asFailure = { status: false };

// Spec §4 "Password reset": e-mail entry, code sent, code verified, new password set.
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits, jwtSecret } = app.config;

  app.post('/forgot-password', {
    config: { access: 'public' },
    schema: { body: ForgotPasswordBody, response: { 200: StatusDataAnswer } },
  }, async (request) => {
    const email = checkResetEmail(request.body.email);
    if (!email.ok) throw invalid(email, asFailure);
    // Limits count every address alike, so a 429 tells nothing about which addresses have accounts.
    await countSend(app.db, limits, { email: email.value, ip: request.ip });
    // Looking the account up and mailing happen after the answer: same answer, same time, either way.
    app.runInBackground('password reset code', async () => {
      const code = await issueResetCode(app.db, jwtSecret!, email.value);
      if (code) await app.mailer.send(passwordResetCodeMail(email.value, code, OTP_TTL_MINUTES));
    });
    return { status: true, message: SENT, data: { message: SENT } };
  });

  app.post('/forgot-password-otp', {
    config: { access: 'public' },
    schema: { body: ResetCodeBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const email = checkResetEmail(request.body.email);
    if (!email.ok) throw invalid(email, asFailure);
    const code = checkResetCode(request.body.otp);
    if (!code.ok) throw invalid(code, asFailure);
    // Checked, not used: the reset step checks it again. A wrong code counts a try.
    await verifyResetCode(app.db, jwtSecret!, limits, email.value, code.value);
    return { status: true, message: 'Your OTP has been successfully verified.' };
  });

  app.post('/forgot-password/reset-password', {
    config: { access: 'public' },
    schema: { body: ResetPasswordBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const { body } = request;
    const email = checkResetEmail(body.email);
    if (!email.ok) throw invalid(email, asFailure);
    const code = checkResetCode(body.otp);
    if (!code.ok) throw invalid(code, asFailure);
    const password = checkNewPassword(body.newPassword, body.confirmPassword);
    if (!password.ok) throw invalid(password, asFailure);
    await resetPassword(app.db, jwtSecret!, limits, app.endSessions, { email: email.value, code: code.value, newPassword: password.value, ip: request.ip });
    return { status: true, message: 'Password successfully updated!' };
  });
};

export default passwordResetRoutes;
