import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, useTestApp } from './build-test-app.js';
import { bearer, login, newRegistration, signUp, type Account } from './fixtures.js';
import { forget } from '../db/cache.js';

// Regression tests of the security review: a stolen token is not enough to take an account over,
// code guessing is capped across codes, common passwords are refused.
const t = useTestApp({ mail: true, limits: { codeFailuresPerAddress: 20, otpSendsPerAddress: 100 } });
let n = 0;
const freshAddress = () => `hardening-${Date.now()}-${n++}@example.org`;
/** As if the session signed in 11 minutes ago: out of sudo mode (written behind the services' back, so its kept row is forgotten as theirs would be). */
async function age(account: Account) {
  const aged = await t.db.update(sessions).set({ verifiedAt: sql`now() - interval '11 minutes'` }).where(eq(sessions.userId, account.id))
    .returning({ id: sessions.id });
  for (const { id } of aged) forget(t.db, 'session', id);
}
const deleteAccount = (account: Account, payload?: object) =>
  t.app.inject({ method: 'DELETE', url: `/api/delete-user/${account.id}`, headers: bearer(account.token), ...(payload ? { payload } : {}) });
const sendEmailCode = (account: Account, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/send-email-otp', headers: bearer(account.token), payload });
const notifications = (token: string) => t.app.inject({ url: '/api/notifications', headers: bearer(token) });
const PASSWORD_REQUIRED = { status: false, message: 'Please enter your current password to continue.', field: 'currentPassword' };
const WRONG_PASSWORD = { status: false, message: 'Current password is incorrect', field: 'currentPassword' };

describe('sudo mode: deleting the account and changing the e-mail need the password after 10 minutes', () => {
  it('a fresh session deletes without the password (the spec flow)', async () => {
    expect((await deleteAccount(await signUp(t.app))).statusCode).toBe(200);
  });

  it('an older session must send the current password to delete; a wrong one is refused', async () => {
    const account = await signUp(t.app);
    await age(account);
    const asked = await deleteAccount(account);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual(PASSWORD_REQUIRED);
    const wrong = await deleteAccount(account, { currentPassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG_PASSWORD);
    expect((await notifications(account.token)).statusCode).toBe(200);
    expect((await deleteAccount(account, { currentPassword: account.body.password })).statusCode).toBe(200);
  });

  it('an older session must send the current password for an e-mail change code; proving it opens sudo mode again', async () => {
    const account = await signUp(t.app);
    await age(account);
    const asked = await sendEmailCode(account, { newEmail: freshAddress() });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual(PASSWORD_REQUIRED);
    expect((await sendEmailCode(account, { newEmail: freshAddress(), currentPassword: 'nope-nope-1' })).json()).toEqual(WRONG_PASSWORD);
    expect((await sendEmailCode(account, { newEmail: freshAddress(), currentPassword: account.body.password })).json())
      .toEqual({ status: true, message: 'OTP Sent' });
    expect((await sendEmailCode(account, { newEmail: freshAddress() })).statusCode).toBe(200);
  });

  it('an e-mail change signs out the other sessions, and the notice tells the old address how to recover', async () => {
    const account = await signUp(t.app);
    const other = (await login(t.app, account.body.username, account.body.password)).json().token as string;
    const newEmail = freshAddress();
    await sendEmailCode(account, { newEmail });
    const { code } = await t.sink.waitForMail(newEmail);
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify-email-otp', headers: bearer(account.token), payload: { newEmail, otp: code } });
    expect(verified.statusCode).toBe(200);
    expect((await notifications(account.token)).statusCode).toBe(200);
    expect((await notifications(other)).statusCode).toBe(401);
    const notice = await t.sink.waitForMail(account.body.email);
    expect(notice.raw).toContain('every other device was signed out');
    expect(notice.raw).toContain(`Write to ${t.config.supportEmail} from this address`);
    expect(notice.raw).toContain(account.body.username);
  });

  it('an e-mail change code sent to an address that is taken counts as a send', async () => {
    const limited = await buildTestApp({ limits: { otpSendsPerAddress: 2 } });
    try {
      const me = await signUp(limited.app);
      const taken = await signUp(limited.app);
      const send = () => limited.app.inject({ method: 'POST', url: '/api/send-email-otp', headers: bearer(me.token), payload: { newEmail: taken.body.email } });
      expect((await send()).statusCode).toBe(409);
      expect((await send()).statusCode).toBe(409);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, SETUP_TIMEOUT);
});

describe('wrong codes are capped per address across codes', () => {
  it('after 20 wrong codes in a day, even the right code of a new one is refused', async () => {
    const account = await signUp(t.app);
    const email = account.body.email;
    const forgot = () => t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    const check = (otp: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password-otp', payload: { email, otp } });
    for (let round = 0; round < 4; round++) {
      await forgot();
      const { code } = await t.sink.waitForMail(email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) expect((await check(wrong)).statusCode).toBe(400);
    }
    await forgot();
    const { code } = await t.sink.waitForMail(email);
    const refused = await check(code!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: 'Too many wrong codes for this e-mail address. Please try again in 24 hours.' });
    const reset = await t.app.inject({ method: 'POST', url: '/api/forgot-password/reset-password', payload: { email, otp: code, newPassword: 'brand-new-pass-1' } });
    expect(reset.statusCode).toBe(429);
  }, 60_000);
});

describe('common passwords and passwords equal to the account name are refused', () => {
  const COMMON = 'This password is too common. Please choose a less common one.';
  const IDENTITY = 'Your password must not be your username or e-mail address.';

  it.each([
    ['123456', COMMON], ['password', COMMON], ['Qwerty123', COMMON], ['iloveyou', COMMON],
  ])('registration refuses %s', async (password, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ password, confirmPassword: password }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field: 'password' });
  });

  it('registration refuses the username or the e-mail address as the password', async () => {
    const body = newRegistration();
    for (const password of [body.username, body.email.toUpperCase()]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...body, password, confirmPassword: password } });
      expect(response.json()).toEqual({ message: IDENTITY, field: 'password' });
    }
  });

  it('a password change refuses them, and keeps the old password', async () => {
    const account = await signUp(t.app);
    for (const [newPassword, message] of [['123456', COMMON], [account.body.username, IDENTITY]]) {
      const response = await t.app.inject({
        method: 'POST', url: `/api/change-password/${account.id}`, headers: bearer(account.token),
        payload: { currentPassword: account.body.password, newPassword, confirmPassword: newPassword },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: false, message, field: 'newPassword' });
    }
    expect((await login(t.app, account.body.username, account.body.password)).statusCode).toBe(200);
  });

  it('a password reset refuses them without using the code', async () => {
    const account = await signUp(t.app);
    const email = account.body.email;
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    const { code } = await t.sink.waitForMail(email);
    const reset = (newPassword: string) => t.app.inject({ method: 'POST', url: '/api/forgot-password/reset-password', payload: { email, otp: code, newPassword } });
    expect((await reset('123456')).json()).toEqual({ status: false, message: COMMON, field: 'newPassword' });
    expect((await reset(email)).json()).toEqual({ status: false, message: IDENTITY, field: 'newPassword' });
    expect((await reset('a-fine-new-one-9')).json()).toEqual({ status: true, message: 'Password successfully updated!' });
  });
});
