import { eq } from 'drizzle-orm';
import { otps, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';

const t = useTestApp({ mail: true });

const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
const sendCode = (token: string, newEmail: string) => post('/send-email-otp', token, { newEmail });
const verifyCode = (token: string, newEmail: string, otp: string) => post('/verify-email-otp', token, { newEmail, otp });
let n = 0;
const freshAddress = () => `moved-${Date.now()}-${n++}@example.org`;

async function codeFor(token: string, newEmail: string) {
  expect((await sendCode(token, newEmail)).json()).toEqual({ status: true, message: 'OTP Sent' });
  return (await t.sink.waitForMail(newEmail)).code!;
}

describe('changing the e-mail address', () => {
  it('mails a code to the new address; the right code changes it and the old address gets a notice', async () => {
    const me = await signUp(t.app);
    const newEmail = freshAddress();
    const code = await codeFor(me.token, newEmail);
    const response = await verifyCode(me.token, newEmail.toUpperCase(), code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: 'Email Verified', user: expect.objectContaining({ _id: me.id, email: newEmail }) });
    const notice = await t.sink.waitForMail(me.body.email);
    expect(notice.raw).toContain('Your Need Spot e-mail address was changed');
    expect(notice.raw).toContain(newEmail);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row.email).toBe(newEmail);
    expect((await verifyCode(me.token, newEmail, code)).json()).toEqual({ status: false, message: 'Invalid OTP.' });
  });

  it('refuses a wrong code, and a code for another address or another user', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const newEmail = freshAddress();
    const code = await codeFor(me.token, newEmail);
    const invalid = { status: false, message: 'Invalid OTP.' };
    expect((await verifyCode(me.token, newEmail, code === '000000' ? '000001' : '000000')).json()).toEqual(invalid);
    expect((await verifyCode(me.token, freshAddress(), code)).json()).toEqual(invalid);
    expect((await verifyCode(other.token, newEmail, code)).json()).toEqual(invalid);
    expect((await verifyCode(me.token, newEmail, code)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries: the right one then fails too', async () => {
    const me = await signUp(t.app);
    const newEmail = freshAddress();
    const code = await codeFor(me.token, newEmail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await verifyCode(me.token, newEmail, wrong)).statusCode).toBe(400);
    expect((await verifyCode(me.token, newEmail, code)).json()).toEqual({ status: false, message: 'Invalid OTP.' });
  });

  it('409 Email already in use: when sending, and when another account took the address meanwhile', async () => {
    const me = await signUp(t.app);
    const taken = await signUp(t.app);
    const inUse = { status: false, message: 'Email already in use' };
    const sent = await sendCode(me.token, taken.body.email.toUpperCase());
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual(inUse);
    const rival = await signUp(t.app);
    const contested = freshAddress();
    const mine = await codeFor(me.token, contested);
    const theirs = await codeFor(rival.token, contested);
    expect((await verifyCode(rival.token, contested, theirs)).statusCode).toBe(200);
    const lost = await verifyCode(me.token, contested, mine);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual(inUse);
  });

  it('drops pending password-reset codes, which went to the old address', async () => {
    const me = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: me.body.email } });
    await t.sink.waitForMail(me.body.email);
    const newEmail = freshAddress();
    await verifyCode(me.token, newEmail, await codeFor(me.token, newEmail));
    const left = await t.db.select().from(otps).where(eq(otps.userId, me.id));
    expect(left.filter((row) => row.purpose === 'password-reset')).toEqual([]);
  });

  it.each([
    ['/send-email-otp', {}, 'Email is required.'],
    ['/send-email-otp', { newEmail: 'no-at-sign' }, 'Please enter a valid email address.'],
    ['/verify-email-otp', { newEmail: 'x@example.com', otp: '123' }, 'Please enter a valid OTP.'],
    ['/verify-email-otp', { newEmail: 'x@example.com' }, 'Please enter a valid OTP.'],
    ['/verify-email-otp', { newEmail: 'bad', otp: '123456' }, 'Please enter a valid email address.'],
  ])('400 %s %j → %s', async (url, payload, message) => {
    const me = await signUp(t.app);
    const response = await post(url, me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: false, message });
  });

  it('400 for the address the account already has', async () => {
    const me = await signUp(t.app);
    expect((await sendCode(me.token, me.body.email)).json()).toEqual({ status: false, message: 'This is already your email address.' });
  });
});
