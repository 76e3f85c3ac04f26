import { simpleParser } from 'mailparser';
import { TEST_JWT_SECRET, useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { logCapture } from '../../test/log-capture.js';
import { DEFAULT_CHANNELS, NOTIFICATION_KINDS } from './kinds.js';
import { createNotification } from './service.js';
import { LINK_EXPIRED, LINK_INVALID, readUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS, unsubscribeToken } from './unsubscribe.js';

let shiftMs = 0;
beforeEach(() => {
  shiftMs = 0;
});
const log = logCapture('info');
const t = useTestApp({ mail: true, clock: () => new Date(Date.now() + shiftMs), config: { notifyEmailDelaySeconds: 60 }, logger: log.logger });

const DAY_MS = 86_400_000;
const tokenFor = (who: Account, kinds: Array<(typeof NOTIFICATION_KINDS)[number]>, expiresAt = new Date(Date.now() + 60 * DAY_MS)) =>
  unsubscribeToken(TEST_JWT_SECRET, { userId: who.id, kinds, expiresAt });
const oneClick = (token: string) => t.app.inject({
  method: 'POST',
  url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
});
const emailOf = async (who: Account) => Object.fromEntries(
  ((await t.app.inject({ url: '/api/notifications/preferences', headers: bearer(who.token) })).json().data as Array<{ kind: string; email: boolean }>)
    .map((item) => [item.kind, item.email]),
);
const DEFAULT_EMAIL = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, DEFAULT_CHANNELS[kind].email]));

describe('unsubscribe tokens', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const claims = { userId: '0b8f7a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b', kinds: ['message' as const, 'like' as const], expiresAt: new Date(now.getTime() + DAY_MS) };

  it('reads back what it says until it expires', () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, claims);
    expect(readUnsubscribeToken(TEST_JWT_SECRET, token, now)).toEqual({ ...claims, expiresAt: new Date(Math.floor(claims.expiresAt.getTime() / 1000) * 1000) });
  });

  it('410 once expired', () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, claims);
    expect(() => readUnsubscribeToken(TEST_JWT_SECRET, token, new Date(now.getTime() + DAY_MS))).toThrow(expect.objectContaining({ statusCode: 410, message: LINK_EXPIRED }));
  });

  it('400 for a changed payload or signature, another key, or a made-up token', () => {
    const token = unsubscribeToken(TEST_JWT_SECRET, claims);
    const [payload, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), k: [...NOTIFICATION_KINDS] })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const bad of [`${widened}.${signature}`, `${payload}.${flipped}`, unsubscribeToken('another-secret-that-is-long-enough-0123456789', claims), 'nonsense', `${payload}.`, `${token}.x`, '..']) {
      expect(() => readUnsubscribeToken(TEST_JWT_SECRET, bad, now)).toThrow(expect.objectContaining({ statusCode: 400, message: LINK_INVALID }));
    }
  });
});

describe('POST /api/notifications/unsubscribe (one click, no sign-in)', () => {
  it('turns e-mail off for the link\'s kind only, keeps the app channel, and may be repeated', async () => {
    const me = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: bearer(me.token), payload: [{ kind: 'friend-request', inApp: false, email: true }] });
    const answer = await oneClick(tokenFor(me, ['friend-request']));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, data: { kinds: ['friend-request'] } });
    expect(await emailOf(me)).toEqual({ ...DEFAULT_EMAIL, 'friend-request': false });
    const prefs = (await t.app.inject({ url: '/api/notifications/preferences', headers: bearer(me.token) })).json().data;
    expect(prefs.find((item: { kind: string }) => item.kind === 'friend-request')).toEqual({ kind: 'friend-request', inApp: false, email: false, push: true });
    expect((await oneClick(tokenFor(me, ['friend-request']))).statusCode).toBe(200);
  });

  it('changes only the member the link names', async () => {
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    await oneClick(tokenFor(me, ['message', 'event']));
    expect(await emailOf(me)).toEqual({ ...DEFAULT_EMAIL, message: false, event: false });
    expect(await emailOf(other)).toEqual(DEFAULT_EMAIL);
  });

  it('also from the SPA\'s page: a JSON or empty body', async () => {
    const me = await signUp(t.app);
    const token = encodeURIComponent(tokenFor(me, ['moderation']));
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}`, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token}` })).statusCode).toBe(200);
    expect((await emailOf(me)).moderation).toBe(false);
  });

  it('410 for an expired link, 400 for a tampered or missing one, and nothing changes', async () => {
    const me = await signUp(t.app);
    const expired = tokenFor(me, ['message'], new Date(Date.now() + DAY_MS));
    shiftMs = DAY_MS + 1000;
    expect((await oneClick(expired)).statusCode).toBe(410);
    expect((await oneClick(expired)).json()).toEqual({ message: LINK_EXPIRED });
    shiftMs = 0;
    const [payload, signature] = tokenFor(me, ['message']).split('.');
    const tampered = `${payload}.${signature.slice(1)}A`;
    expect((await oneClick(tampered)).statusCode).toBe(400);
    expect((await oneClick(tampered)).json()).toEqual({ message: LINK_INVALID });
    expect((await oneClick('%00%ff\u202e')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(await emailOf(me)).toEqual(DEFAULT_EMAIL);
  });

  it('an account that is gone: nothing to change, and no error', async () => {
    const me = await signUp(t.app);
    const token = tokenFor(me, ['message']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-user/${me.id}`, headers: bearer(me.token) })).statusCode).toBeLessThan(300);
    expect((await oneClick(token)).statusCode).toBe(200);
  });
});

describe('GET /api/notifications/unsubscribe: never changes anything', () => {
  it('says what a link would turn off, or why it does not work', async () => {
    const me = await signUp(t.app);
    const link = (token: string) => t.app.inject({ url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
    expect((await link(tokenFor(me, ['like', 'badge']))).json()).toEqual({ success: true, data: { kinds: ['like', 'badge'] } });
    expect((await link(tokenFor(me, ['message']))).json()).toEqual({ success: true, data: { kinds: ['message'] } });
    const expired = await link(tokenFor(me, ['like'], new Date(Date.now() - 1000)));
    expect([expired.statusCode, expired.json()]).toEqual([410, { message: LINK_EXPIRED }]);
    const made = await link('x.y');
    expect([made.statusCode, made.json()]).toEqual([400, { message: LINK_INVALID }]);
    expect((await t.app.inject({ url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect(await emailOf(me)).toEqual(DEFAULT_EMAIL);
  });
});

describe('the links in a digest', () => {
  it('the e-mail\'s List-Unsubscribe URL turns off every kind it tells of; each kind\'s own link only that kind; they last 60 days', async () => {
    const [me, writer] = [await signUp(t.app), await signUp(t.app)];
    await t.app.inject({ method: 'POST', url: `/api/messages/${me.id}`, headers: bearer(writer.token), payload: { content: 'Hi' } });
    await createNotification(t.db, me.id, { kind: 'event', title: 'Event update', body: 'Moved to 10' });
    shiftMs = 61_000;
    await t.app.jobs.runDue();
    const mail = await simpleParser((await t.sink.waitForMail(me.body.email)).raw);
    const listUnsubscribe = mail.headerLines.find((line) => line.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, '');
    const oneClickUrl = new URL(/^List-Unsubscribe:\s*<(.+)>$/i.exec(listUnsubscribe)![1]);
    const perKind = [...mail.text!.matchAll(/Stop e-mails about (.+): (\S+)/g)].map(([, label, url]) => [label, new URL(url)] as const);
    expect(perKind.map(([label]) => label)).toEqual(['new messages', 'event updates and reminders']);
    expect(perKind.map(([, url]) => url.pathname)).toEqual(['/unsubscribe', '/unsubscribe']);
    const eventOnly = perKind[1][1].searchParams.get('token')!;
    expect(readUnsubscribeToken(TEST_JWT_SECRET, eventOnly, new Date())).toMatchObject({ userId: me.id, kinds: ['event'] });
    const { expiresAt } = readUnsubscribeToken(TEST_JWT_SECRET, oneClickUrl.searchParams.get('token')!, new Date());
    expect(Math.abs(expiresAt.getTime() - (Date.now() + shiftMs + UNSUBSCRIBE_LINK_DAYS * DAY_MS))).toBeLessThan(60_000);
    const answer = await t.app.inject({
      method: 'POST', url: oneClickUrl.pathname + oneClickUrl.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.json()).toEqual({ success: true, data: { kinds: ['message', 'event'] } });
    expect(await emailOf(me)).toEqual({ ...DEFAULT_EMAIL, message: false, event: false });
  });
});

describe('the log', () => {
  it('never holds an unsubscribe token: not from the API\'s routes, nor from the SPA\'s page the e-mail links to', async () => {
    const me = await signUp(t.app);
    const token = tokenFor(me, ['like']);
    const query = `token=${encodeURIComponent(token)}`;
    expect((await t.app.inject({ url: `/api/notifications/unsubscribe?${query}` })).statusCode).toBe(200);
    expect((await oneClick(token)).statusCode).toBe(200);
    // The page: the SPA's shell (503 here, where the app is not built), its request logged like any page's.
    await t.app.inject({ url: `/unsubscribe?${query}`, headers: { accept: 'text/html' } });
    const written = log.lines.join('\n');
    for (const secret of [token, token.split('.')[0], token.split('.')[1]]) expect(written).not.toContain(secret);
    expect(written).toContain('"url":"/unsubscribe?token=[redacted]"');
  });
});
