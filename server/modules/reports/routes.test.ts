import { eq } from 'drizzle-orm';
import { reports, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { makeModerator, postAll, uniqueWord } from '../../test/safety.js';

// Three reports an hour per member here (20 by default), so the allowance is reached quickly.
const t = useTestApp({ limits: { reportsPerHour: 3 } });

const THANKS = { status: true, message: 'Thanks, our moderators will look at this' };
const report = (as: Account, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(as.token), payload: body });
const answerOf = async (as: Account, body: Record<string, unknown>) => {
  const answer = await report(as, body);
  return [answer.statusCode, answer.json()];
};
const NOT_FOUND = [404, { status: false, message: 'Not found' }];
const OWN = [400, { status: false, message: 'You cannot report yourself.' }];

async function messageBetween(from: Account, to: Account) {
  const sent = await t.app.inject({ method: 'POST', url: `/api/messages/${to.id}`, headers: bearer(from.token), payload: { content: 'Buy my stuff' } });
  return sent.json().message._id as string;
}

describe('POST /api/reports', () => {
  it('takes a report of a member, a whisper, a need, an event, a skill and a received message (201)', async () => {
    const author = await signUp(t.app);
    const posts = await postAll(t, author, uniqueWord());
    const receiver = await signUp(t.app);
    const message = await messageBetween(author, receiver);
    const cases: Array<[Account, Record<string, unknown>]> = [];
    // Three reporters, two reports each: the allowance of three an hour is each reporter's own.
    const [r1, r2, r3] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    cases.push([r1, { itemType: 'user', itemId: author.id, reason: 'scam', details: 'Asked for money up front.' }]);
    cases.push([r1, { itemType: 'whisper', itemId: posts.whisper, reason: 'spam' }]);
    cases.push([r2, { itemType: 'need', itemId: posts.need, reason: 'inappropriate' }]);
    cases.push([r2, { itemType: 'event', itemId: posts.event, reason: 'unsafe-meeting', details: '' }]);
    cases.push([r3, { itemType: 'skill', itemId: posts.skill, reason: 'other', details: 'x'.repeat(1000) }]);
    cases.push([receiver, { itemType: 'message', itemId: message, reason: 'spam' }]);
    for (const [reporter, body] of cases) expect(await answerOf(reporter, body)).toEqual([201, THANKS]);
    const [stored] = await t.db.select().from(reports).where(eq(reports.itemId, posts.skill));
    expect(stored).toMatchObject({ reporterId: r3.id, itemType: 'skill', reason: 'other', closedAt: null });
    const [ofMessage] = await t.db.select().from(reports).where(eq(reports.itemId, message));
    expect(ofMessage).toMatchObject({ reporterId: receiver.id, itemType: 'message', reason: 'spam' });
  });

  it('a message: its receiver may report it, its sender gets 400, anyone else 404', async () => {
    const sender = await signUp(t.app);
    const receiver = await signUp(t.app);
    const message = await messageBetween(sender, receiver);
    expect(await answerOf(receiver, { itemType: 'message', itemId: message, reason: 'harassment' })).toEqual([201, THANKS]);
    expect(await answerOf(sender, { itemType: 'message', itemId: message, reason: 'spam' })).toEqual(OWN);
    expect(await answerOf(await signUp(t.app), { itemType: 'message', itemId: message, reason: 'spam' })).toEqual(NOT_FOUND);
  });

  it('one open report per reporter and item (409), another reporter\'s is theirs; once closed, again', async () => {
    const author = await signUp(t.app);
    const { whisper } = await postAll(t, author, uniqueWord());
    const first = await signUp(t.app);
    const body = { itemType: 'whisper', itemId: whisper, reason: 'spam' };
    expect((await report(first, body)).statusCode).toBe(201);
    expect(await answerOf(first, { ...body, reason: 'scam' })).toEqual([409, { status: false, message: 'You have already reported this. Our moderators will look at it.' }]);
    expect((await report(await signUp(t.app), body)).statusCode).toBe(201);
    // Two at once make one.
    const second = await signUp(t.app);
    const racing = await Promise.all([report(second, body), report(second, body)]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    // A moderator dismisses the reports: the item may be reported again.
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    await t.app.inject({ method: 'POST', url: '/api/moderation/dismiss', headers: bearer(moderator.token), payload: { itemType: 'whisper', itemId: whisper } });
    expect((await report(first, body)).statusCode).toBe(201);
  });

  it('404 for what does not exist or the reporter cannot see; 400 for one\'s own', async () => {
    const me = await signUp(t.app);
    const mine = await postAll(t, me, uniqueWord());
    expect(await answerOf(me, { itemType: 'user', itemId: me.id, reason: 'spam' })).toEqual(OWN);
    expect(await answerOf(me, { itemType: 'need', itemId: mine.need, reason: 'spam' })).toEqual(OWN);
    expect(await answerOf(me, { itemType: 'whisper', itemId: '00000000-0000-4000-8000-000000000000', reason: 'spam' })).toEqual(NOT_FOUND);
    // An id of another kind of item is no such item.
    expect(await answerOf(me, { itemType: 'event', itemId: mine.need, reason: 'spam' })).toEqual(NOT_FOUND);

    // Hidden by a moderator, or its author suspended: gone for the reporter.
    const author = await signUp(t.app);
    const theirs = await postAll(t, author, uniqueWord());
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: bearer(moderator.token), payload: { itemType: 'skill', itemId: theirs.skill, reason: 'Spam' } });
    expect(await answerOf(me, { itemType: 'skill', itemId: theirs.skill, reason: 'spam' })).toEqual(NOT_FOUND);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, author.id));
    expect(await answerOf(me, { itemType: 'event', itemId: theirs.event, reason: 'spam' })).toEqual(NOT_FOUND);
    expect(await answerOf(me, { itemType: 'user', itemId: author.id, reason: 'spam' })).toEqual(NOT_FOUND);
  });

  it('blocks: a member one blocked and their posts may be reported (block first, then report); one who blocked the reporter and theirs not', async () => {
    // Two reporters: the allowance here is three an hour.
    const me = await signUp(t.app);
    const again = await signUp(t.app);
    const blockedByMe = await signUp(t.app);
    const blockedMe = await signUp(t.app);
    const theirs = await postAll(t, blockedByMe, uniqueWord());
    const blockers = await postAll(t, blockedMe, uniqueWord());
    for (const reporter of [me, again]) await t.app.inject({ method: 'POST', url: `/api/blocks/${blockedByMe.id}`, headers: bearer(reporter.token) });
    await t.app.inject({ method: 'POST', url: `/api/blocks/${me.id}`, headers: bearer(blockedMe.token) });
    expect(await answerOf(me, { itemType: 'user', itemId: blockedByMe.id, reason: 'harassment' })).toEqual([201, THANKS]);
    expect(await answerOf(me, { itemType: 'whisper', itemId: theirs.whisper, reason: 'spam' })).toEqual([201, THANKS]);
    expect(await answerOf(me, { itemType: 'need', itemId: theirs.need, reason: 'scam' })).toEqual([201, THANKS]);
    expect(await answerOf(again, { itemType: 'event', itemId: theirs.event, reason: 'unsafe-meeting' })).toEqual([201, THANKS]);
    expect(await answerOf(again, { itemType: 'skill', itemId: theirs.skill, reason: 'other' })).toEqual([201, THANKS]);
    // What the reporter cannot see stays unreportable (404, counted against nothing).
    expect(await answerOf(me, { itemType: 'user', itemId: blockedMe.id, reason: 'harassment' })).toEqual(NOT_FOUND);
    for (const itemType of ['whisper', 'need', 'event', 'skill'] as const) {
      expect(await answerOf(me, { itemType, itemId: blockers[itemType], reason: 'spam' })).toEqual(NOT_FOUND);
    }
    // Hidden content of a member the reporter blocked: 404 still.
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const hidden = await postAll(t, blockedByMe, uniqueWord());
    await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: bearer(moderator.token), payload: { itemType: 'whisper', itemId: hidden.whisper, reason: 'Spam' } });
    expect(await answerOf(again, { itemType: 'whisper', itemId: hidden.whisper, reason: 'spam' })).toEqual(NOT_FOUND);
  });

  it('validates the body (400 in the usual shape) and needs a token (401)', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const valid = { itemType: 'user', itemId: other.id, reason: 'spam' };
    for (const body of [
      { ...valid, reason: 'rude' },
      { ...valid, itemType: 'post' },
      { ...valid, itemId: 'not-a-uuid' },
      { ...valid, details: 'x'.repeat(1001) },
      { ...valid, details: 'a\u0000b' },
      { ...valid, reporter: me.id },
      { itemType: 'user', itemId: other.id },
    ]) {
      const answer = await report(me, body);
      expect([answer.statusCode, typeof answer.json().message]).toEqual([400, 'string']);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', payload: valid })).statusCode).toBe(401);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, me.id))).toEqual([]);
  });

  it('429 past the allowance (here three an hour); refused and repeated reports do not count', async () => {
    const me = await signUp(t.app);
    const targets = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    expect((await report(me, { itemType: 'user', itemId: targets[0].id, reason: 'spam' })).statusCode).toBe(201);
    expect((await report(me, { itemType: 'user', itemId: targets[0].id, reason: 'spam' })).statusCode).toBe(409);
    expect((await report(me, { itemType: 'user', itemId: me.id, reason: 'spam' })).statusCode).toBe(400);
    expect((await report(me, { itemType: 'user', itemId: targets[1].id, reason: 'spam' })).statusCode).toBe(201);
    expect((await report(me, { itemType: 'user', itemId: targets[2].id, reason: 'spam' })).statusCode).toBe(201);
    expect(await answerOf(me, { itemType: 'user', itemId: targets[3].id, reason: 'spam' }))
      .toEqual([429, { status: false, message: 'Too many reports. Please try again later.' }]);
    expect((await report(await signUp(t.app), { itemType: 'user', itemId: targets[3].id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('never reveals the reporter: no notification, and the moderators\' queue names no reporter', async () => {
    const author = await signUp(t.app);
    const reporter = await signUp(t.app);
    const notificationsBefore = (await t.app.inject({ url: '/api/notifications', headers: bearer(author.token) })).json().data;
    const answer = await report(reporter, { itemType: 'user', itemId: author.id, reason: 'harassment', details: 'Kept messaging me.' });
    expect(answer.body).not.toContain(reporter.id);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(author.token) })).json().data).toEqual(notificationsBefore);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const queue = await t.app.inject({ url: '/api/moderation/reports', headers: bearer(moderator.token) });
    const item = queue.json().items.find((row: { itemId: string }) => row.itemId === author.id);
    expect(item.reports).toEqual([{ id: expect.any(String), reason: 'harassment', details: 'Kept messaging me.', createdAt: expect.any(String) }]);
    expect(queue.body).not.toContain(reporter.id);
    expect(queue.body).not.toContain(reporter.body.username);
  });
});
