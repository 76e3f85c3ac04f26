import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { challengeParticipants, challenges, notifications, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount, type Account } from '../../test/fixtures.js';

const t = useTestApp();
const traveller = useAccount(t);

async function aChallenge(steps = ['Pack light', 'Walk up', 'Post a whisper'], rewardTokens = 25) {
  const id = randomUUID();
  await t.db.insert(challenges).values({ id, title: `Summit ${id.slice(0, 6)}`, description: 'Catch a sunrise.', participationSteps: steps, badge: 'Early Riser', rewardTokens });
  return id;
}
const get = (url: string, account?: Account) => t.app.inject({ url, headers: account ? bearer(account.token) : {} });
const post = (url: string, account?: Account, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: account ? bearer(account.token) : {}, ...(payload ? { payload } : {}) });
const tick = (id: string, account: Account, step: number, done = true) => post(`/api/challenges/${id}/progress`, account, { step, done });
const tokensOf = async (account: Account) => (await t.db.select({ tokens: users.tokens }).from(users).where(eq(users.id, account.id)))[0].tokens;

describe('browsing challenges', () => {
  it('lists every challenge under data, each with its steps, badge and participants\' ids', async () => {
    const id = await aChallenge();
    await post(`/api/challenges/${id}/join`, traveller);
    const answer = await get('/api/get-challenges');
    expect(answer.statusCode).toBe(200);
    const listed = answer.json().data.find((challenge: { _id: string }) => challenge._id === id);
    expect(listed).toEqual({
      _id: id, title: expect.stringMatching(/^Summit /), description: 'Catch a sunrise.', participationSteps: ['Pack light', 'Walk up', 'Post a whisper'],
      participants: [{ user: traveller.id, userId: traveller.id }], badge: 'Early Riser', rewardTokens: 25, createdAt: expect.any(String),
    });
  });

  it('answers one challenge under data.data, with the caller\'s progress (null for a visitor or a non-participant)', async () => {
    const id = await aChallenge();
    const visitor = (await get(`/api/challenges/${id}`)).json();
    expect(visitor).toMatchObject({ success: true, data: { data: { _id: id, title: expect.any(String), participationSteps: expect.any(Array), participants: [], progress: null } } });
    await post(`/api/challenges/${id}/join`, traveller);
    const mine = (await get(`/api/challenges/${id}`, traveller)).json();
    expect(mine.data.data.progress).toEqual({ joinedAt: expect.any(String), completedSteps: [], completedAt: null });
  });

  it('404 { success: false } for an unknown challenge, 400 for a malformed id', async () => {
    const missing = await get(`/api/challenges/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Challenge not found' });
    expect((await get('/api/challenges/not-an-id')).statusCode).toBe(400);
  });
});

describe('joining', () => {
  it('joins as the token\'s user whatever the body says; twice, or six times at once, is once', async () => {
    const id = await aChallenge();
    const other = await signUp(t.app);
    const joined = await post(`/api/challenges/${id}/join`, traveller, { userId: other.id });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ success: true, message: 'You have joined the challenge.', data: { _id: id, participants: [{ user: traveller.id }] } });
    const again = await Promise.all(Array.from({ length: 6 }, () => post(`/api/challenges/${id}/join`, traveller)));
    expect(again.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(await t.db.$count(challengeParticipants, eq(challengeParticipants.challengeId, id))).toBe(1);
  });

  it('401 for a visitor, 404 for an unknown challenge; nothing joined', async () => {
    const id = await aChallenge();
    expect((await post(`/api/challenges/${id}/join`)).statusCode).toBe(401);
    expect((await post(`/api/challenges/${randomUUID()}/join`, traveller)).statusCode).toBe(404);
    expect(await t.db.$count(challengeParticipants, eq(challengeParticipants.challengeId, id))).toBe(0);
  });

  it('lists the caller\'s own joined challenges (latest first) under data.data; another user\'s list is refused', async () => {
    const me = await signUp(t.app);
    const [first, second] = [await aChallenge(), await aChallenge()];
    await post(`/api/challenges/${first}/join`, me);
    await post(`/api/challenges/${second}/join`, me);
    const answer = await get(`/api/users/${me.id}/joined-challenges`, me);
    expect(answer.json().data.data.map((challenge: { _id: string }) => challenge._id)).toEqual([second, first]);
    expect(answer.json().data.data[0].progress).toEqual({ joinedAt: expect.any(String), completedSteps: [], completedAt: null });
    expect((await get(`/api/users/${me.id}/joined-challenges`, traveller)).statusCode).toBe(403);
    expect((await get(`/api/users/${me.id}/joined-challenges`)).statusCode).toBe(401);
  });
});

describe('steps and badges', () => {
  it('ticks steps off (and back on); the last one earns the badge, adds the tokens once and tells the user', async () => {
    const me = await signUp(t.app);
    const id = await aChallenge(['One', 'Two'], 25);
    await post(`/api/challenges/${id}/join`, me);
    const before = await tokensOf(me);

    const first = await tick(id, me, 1);
    expect(first.json()).toMatchObject({ success: true, message: 'Step completed.', badgeEarned: false, tokens: before, data: { progress: { completedSteps: [1], completedAt: null } } });
    expect((await tick(id, me, 1, false)).json()).toMatchObject({ message: 'Step marked as not done.', data: { progress: { completedSteps: [] } } });
    await tick(id, me, 1);
    const last = await tick(id, me, 0);
    expect(last.json()).toMatchObject({
      message: 'Challenge complete! You earned the Early Riser badge.', badgeEarned: true, tokens: before + 25,
      data: { progress: { completedSteps: [0, 1], completedAt: expect.any(String) } },
    });
    expect(await tokensOf(me)).toBe(before + 25);
    // Finished stays finished: ticking again earns nothing more, unticking is refused.
    expect((await tick(id, me, 0)).json()).toMatchObject({ badgeEarned: false, tokens: before + 25 });
    expect((await tick(id, me, 0, false)).statusCode).toBe(409);
    expect(await tokensOf(me)).toBe(before + 25);
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, me.id), eq(notifications.title, 'Badge earned')));
    expect(told.map((note) => note.body)).toEqual([expect.stringContaining('earned the Early Riser badge (+25 tokens)')]);
    const badges = (await get(`/api/users/${me.id}/joined-challenges`, me)).json().data.data;
    expect(badges[0].progress.completedAt).not.toBeNull();
  });

  it('the last two steps ticked at once earn the badge once', async () => {
    const me = await signUp(t.app);
    const id = await aChallenge(['One', 'Two', 'Three'], 40);
    await post(`/api/challenges/${id}/join`, me);
    await tick(id, me, 0);
    const before = await tokensOf(me);
    const answers = await Promise.all([tick(id, me, 1), tick(id, me, 2), tick(id, me, 1), tick(id, me, 2)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().badgeEarned).length).toBe(1);
    expect(await tokensOf(me)).toBe(before + 40);
  });

  it('refuses a non-participant (403), a step the challenge lacks (400), bad bodies (400) and visitors (401)', async () => {
    const id = await aChallenge(['Only']);
    const stranger = await signUp(t.app);
    expect((await tick(id, stranger, 0)).json()).toEqual({ message: 'Join the challenge first.' });
    await post(`/api/challenges/${id}/join`, stranger);
    expect((await tick(id, stranger, 1)).json()).toEqual({ message: 'This challenge has no such step.' });
    expect((await post(`/api/challenges/${id}/progress`, stranger, { step: -1, done: true })).statusCode).toBe(400);
    expect((await post(`/api/challenges/${id}/progress`, stranger, { step: '0', done: true })).statusCode).toBe(400);
    expect((await post(`/api/challenges/${id}/progress`, stranger, { step: 0 })).statusCode).toBe(400);
    expect((await post(`/api/challenges/${id}/progress`, undefined, { step: 0, done: true })).statusCode).toBe(401);
    expect((await post(`/api/challenges/${randomUUID()}/progress`, stranger, { step: 0, done: true })).statusCode).toBe(404);
  });
});
