import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp } from '../../test/fixtures.js';

// Limits lowered: 3 sends per address, 5 per client IP in the window. Mail goes to the outbox.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ limits: { otpSendsPerAddress: 3, otpSendsPerIp: 5 } });
}, SETUP_TIMEOUT);
afterAll(() => t?.close());

const TOO_MANY = { status: false, message: 'Too many requests. Please try again later.' };
let nextIp = 1;
const freshIp = () => `10.2.0.${nextIp++}`;
let n = 0;
const freshAddress = () => `limit-${Date.now()}-${n++}@example.com`;
const forgot = (email: string, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });

describe('without SMTP_URL', () => {
  it('the reset code lands in DATA_DIR/outbox as an .eml', async () => {
    const account = await signUp(t.app);
    await forgot(account.body.email);
    await t.app.backgroundIdle();
    const outbox = path.join(t.config.dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox)).map((name) => readFile(path.join(outbox, name), 'utf8')));
    const mail = mails.find((text) => text.includes(`To: ${account.body.email}`));
    expect(mail).toMatch(/^\s+\d{6}$/m);
  });
});

describe('code send limits', () => {
  it('per address: the 4th reset request answers 429, for an account and for an unknown address alike', async () => {
    const account = await signUp(t.app);
    for (const email of [account.body.email, freshAddress()]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(200);
      const limited = await forgot(email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
    }
  });

  it('per client IP: the 6th send from one address answers 429; others are unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await forgot(freshAddress(), ip)).statusCode).toBe(200);
    expect((await forgot(freshAddress(), ip)).json()).toEqual(TOO_MANY);
    expect((await forgot(freshAddress())).statusCode).toBe(200);
  });

  it('e-mail change codes: per new address and per user', async () => {
    const me = await signUp(t.app);
    const send = (newEmail: string) => t.app.inject({
      method: 'POST', url: '/api/send-email-otp', headers: bearer(me.token), payload: { newEmail }, remoteAddress: freshIp(),
    });
    const target = freshAddress();
    for (let i = 0; i < 3; i++) expect((await send(target)).statusCode).toBe(200);
    const limited = await send(target);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect((await send(freshAddress())).statusCode).toBe(429); // the same user, a new address
  });

  it('concurrent sends cannot slip past the limit', async () => {
    const email = freshAddress();
    const answers = await Promise.all(Array.from({ length: 6 }, () => forgot(email)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
  });
});
