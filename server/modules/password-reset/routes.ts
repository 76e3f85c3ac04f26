import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failure } from '../../lib/http-error.js';
import { passwordResetCodeMail } from '../../mail/templates.js';
import { userRoom } from '../../plugins/realtime.js';
import { StatusAnswer } from '../account/schemas.js';
import { OTP_TTL_MINUTES } from '../otp/codes.js';
import { countSend } from '../otp/send-limit.js';
import { checkOtp } from '../otp/service.js';
import { ForgotPasswordBody, ResetCodeBody, ResetPasswordBody, SentAnswer } from './schemas.js';
import { issueResetCode, resetPassword } from './service.js';
import { checkNewPassword, checkResetCode, checkResetEmail } from './validation.js';

const SENT = 'An OTP has been sent to your email.';
const INVALID_CODE = 'Invalid OTP. Please try again.';

// Spec §4 "Password reset": e-mail entry, code sent, code verified, new password set.
const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits, jwtSecret } = app.config;

  app.post('/forgot-password', {
    schema: { body: ForgotPasswordBody, response: { 200: SentAnswer } },
  }, async (request) => {
    const email = checkResetEmail(request.body.email);
    if (!email.ok) throw failure(400, email.message);
    // Limits count every address alike, so a 429 tells nothing about which addresses have accounts.
    await countSend(app.db, [
      { key: `email:${email.value}`, max: limits.otpSendsPerAddress },
      { key: `ip:${request.ip}`, max: limits.otpSendsPerIp },
    ], limits.otpWindowMs);
    // Looking the account up and mailing happen after the answer: same answer, same time, either way.
    app.runInBackground('password reset code', async () => {
      const code = await issueResetCode(app.db, jwtSecret!, email.value);
      if (code) await app.mailer.send(passwordResetCodeMail(email.value, code, OTP_TTL_MINUTES));
    });
    return { status: true, message: SENT, data: { message: SENT } };
  });

  app.post('/forgot-password-otp', {
    schema: { body: ResetCodeBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const email = checkResetEmail(request.body.email);
    if (!email.ok) throw failure(400, email.message);
    const code = checkResetCode(request.body.otp);
    if (!code.ok) throw failure(400, code.message);
    // Checked, not used: the reset step checks it again. A wrong code counts a try.
    const userId = await checkOtp(app.db, jwtSecret!, { purpose: 'password-reset', email: email.value, code: code.value, consume: false });
    if (!userId) throw failure(400, INVALID_CODE);
    return { status: true, message: 'Your OTP has been successfully verified.' };
  });

  app.post('/forgot-password/reset-password', {
    schema: { body: ResetPasswordBody, response: { 200: StatusAnswer } },
  }, async (request) => {
    const { body } = request;
    const email = checkResetEmail(body.email);
    if (!email.ok) throw failure(400, email.message);
    const code = checkResetCode(body.otp);
    if (!code.ok) throw failure(400, code.message);
    const password = checkNewPassword(body.newPassword, body.confirmPassword);
    if (!password.ok) throw failure(400, password.message);
    const userId = await resetPassword(app.db, jwtSecret!, email.value, code.value, password.value);
    if (!userId) throw failure(400, 'Failed to reset password. Try again.');
    app.io.in(userRoom(userId)).disconnectSockets(true);
    return { status: true, message: 'Password successfully updated!' };
  });
};

export default passwordResetRoutes;
