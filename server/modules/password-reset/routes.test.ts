import { eq } from 'drizzle-orm';
import { otps } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, login, signUp } from '../../test/fixtures.js';

const t = useTestApp({ mail: true });

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const forgot = (email: string) => post('/forgot-password', { email });
const verify = (email: string, otp: string | number) => post('/forgot-password-otp', { email, otp });
const reset = (email: string, otp: string, newPassword = 'brand-new-1') => post('/forgot-password/reset-password', { email, otp, newPassword });
const SENT = { status: true, message: 'An OTP has been sent to your email.', data: { message: 'An OTP has been sent to your email.' } };
const INVALID = { status: false, message: 'Invalid OTP. Please try again.' };
const FAILED = { status: false, message: 'Failed to reset password. Try again.' };

/** Signs up and asks for a reset code; resolves to the account and the code the mail carried. */
async function requestCode() {
  const account = await signUp(t.app);
  expect((await forgot(account.body.email)).json()).toEqual(SENT);
  const mail = await t.sink.waitForMail(account.body.email);
  expect(mail.code).toMatch(/^\d{6}$/);
  return { ...account, email: account.body.email, code: mail.code! };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the password reset flow', () => {
  it('mails a code that verifies, resets the password once and ends every session', async () => {
    const { email, code, token, body, id } = await requestCode();
    const mail = t.sink.received.length;
    expect((await verify(email, code)).json()).toEqual({ status: true, message: 'Your OTP has been successfully verified.' });
    expect((await verify(email.toUpperCase(), code)).statusCode).toBe(200); // verifying does not use it up
    const done = await reset(email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true, message: 'Password successfully updated!' });
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).statusCode).toBe(401);
    expect((await login(t.app, body.username, body.password)).statusCode).toBe(401);
    expect((await login(t.app, body.username, 'brand-new-1')).statusCode).toBe(200);
    expect((await reset(email, code, 'another-one')).json()).toEqual(FAILED);
    expect((await verify(email, code)).json()).toEqual(INVALID);
    expect(t.sink.received.length).toBe(mail);
    const [row] = await t.db.select().from(otps).where(eq(otps.userId, id));
    expect(row.codeHash).not.toContain(code);
    expect(row.usedAt).toBeInstanceOf(Date);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const before = t.sink.received.length;
    const response = await forgot('nobody-here@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);
    await t.app.backgroundIdle();
    expect(t.sink.received.length).toBe(before);
  });

  it('uses a code once, also when five resets race', async () => {
    const { email, code } = await requestCode();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => reset(email, code, `racing-pass-${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('kills a code after 5 wrong tries: the right one then fails too', async () => {
    const { email, code } = await requestCode();
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongCode(code))).json()).toEqual(INVALID);
    expect((await reset(email, wrongCode(code))).json()).toEqual(FAILED); // the fifth wrong try
    expect((await verify(email, code)).json()).toEqual(INVALID);
    expect((await reset(email, code)).json()).toEqual(FAILED);
  });

  it('a new code replaces the older one; an expired code fails', async () => {
    const { email, code, id } = await requestCode();
    await forgot(email);
    const newer = (await t.sink.waitForMail(email)).code!;
    if (newer !== code) expect((await verify(email, code)).json()).toEqual(INVALID);
    expect((await verify(email, newer)).statusCode).toBe(200);
    await t.db.update(otps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otps.userId, id));
    expect((await verify(email, newer)).json()).toEqual(INVALID);
  });

  it('takes the code as a number too (leading zeros restored)', async () => {
    const { email, code } = await requestCode();
    expect((await verify(email, Number(code))).statusCode).toBe(200);
  });
});

describe('bad input: 400 { status: false, message } in the spec words', () => {
  it.each([
    ['/forgot-password', {}, 'Email is required'],
    ['/forgot-password', { email: '  ' }, 'Email is required'],
    ['/forgot-password', { email: 'not-an-email' }, 'Enter a valid email'],
    ['/forgot-password-otp', { email: 'a@b.co', otp: '12345' }, 'Please enter a valid 6-digit OTP.'],
    ['/forgot-password-otp', { email: 'a@b.co', otp: '12a456' }, 'Please enter a valid 6-digit OTP.'],
    ['/forgot-password-otp', { email: 'a@b.co', otp: '123456' }, 'Invalid OTP. Please try again.'],
    ['/forgot-password/reset-password', { email: 'a@b.co', otp: '123456' }, 'New password is required.'],
    ['/forgot-password/reset-password', { email: 'a@b.co', otp: '123456', newPassword: '12345' }, 'Password must be at least 6 characters.'],
    ['/forgot-password/reset-password', { email: 'a@b.co', otp: '123456', newPassword: '123456', confirmPassword: '1234567' }, 'Passwords do not match.'],
    ['/forgot-password/reset-password', { email: 'a@b.co', otp: '123456', newPassword: '123456' }, 'Failed to reset password. Try again.'],
  ])('%s %j → %s', async (url, payload, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message });
  });
});
