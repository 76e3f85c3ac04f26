import { and, eq, ne } from 'drizzle-orm';
import { notifications, users, whisperComments, whispers } from '../../db/schema.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { makeModerator } from '../../test/safety.js';

const t = useTestApp();

type Comment = { _id: string; parentId: string | null; text: string; edited: boolean; editedAt: string | null; user: { _id: string }; moderation?: object };
type Thread = Comment & { replies: Comment[]; replyCount: number; repliesCursor: string | null };

const as = (who?: Account) => (who ? bearer(who.token) : {});

async function newWhisper(author: Account, title = 'Blue hour at Chapora Fort') {
  const [row] = await t.db.insert(whispers).values({ userId: author.id, title, description: 'Climb up before sunset.' }).returning({ id: whispers.id });
  await boardsChanged(t.db, 'whispers'); // written past the service, as a publish would forget them
  return row.id;
}
const post = (who: Account | undefined, whisperId: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/whispers/${whisperId}/comments`, headers: { ...as(who), ...headers }, payload });
async function comment(who: Account, whisperId: string, text: string, parentId?: string): Promise<Comment> {
  const answer = await post(who, whisperId, { text, ...(parentId ? { parentId } : {}) });
  expect(answer.statusCode).toBe(201);
  return answer.json().comment;
}
const list = async (who: Account | undefined, whisperId: string, query: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/whispers/${whisperId}/comments`, query, headers: as(who) });
const threads = async (who: Account | undefined, whisperId: string) => (await list(who, whisperId)).json().comments as Thread[];
const texts = (items: Comment[]) => items.map((item) => item.text);
const edit = (who: Account, id: string, text: string) => t.app.inject({ method: 'PATCH', url: `/api/comments/${id}`, headers: as(who), payload: { text } });
const remove = (who: Account, id: string) => t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: as(who) });
const block = (blocker: Account, blocked: Account) => t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: as(blocker) });
const counts = async (who: Account | undefined, whisperId: string, title: string) => {
  const card = (await t.app.inject({ url: '/api/approved-whispers', query: { q: title }, headers: as(who) })).json().whispers[0];
  const detail = (await t.app.inject({ url: `/api/whispers/${whisperId}`, headers: as(who) })).json().whisper;
  return { card: card?.commentCount, detail: detail?.commentCount, list: (await list(who, whisperId)).json().commentCount };
};
/** What the member was told, but the welcome. */
const noticesOf = (who: Account) => t.db.select().from(notifications).where(and(eq(notifications.userId, who.id), ne(notifications.kind, 'general')));
const hide = async (moderator: Account, id: string) => {
  const answer = await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: as(moderator), payload: { itemType: 'comment', itemId: id, reason: 'Insults' } });
  expect(answer.statusCode).toBe(200);
};

describe('POST and GET /api/whispers/:id/comments', () => {
  it('stores a comment of the token\'s user and lists comments newest last, with the author and the edited flag', async () => {
    const author = await signUp(t.app, { firstName: 'Kavya', lastName: 'Menon' });
    const reader = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const answer = await post(reader, whisperId, { text: '  Went there last week!\r\nStunning.  ' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      status: true,
      message: 'Comment posted.',
      comment: {
        _id: expect.any(String), whisperId, parentId: null, text: 'Went there last week!\nStunning.', createdAt: expect.any(String), editedAt: null, edited: false,
        user: { _id: reader.id, username: reader.body.username, firstName: 'Asha', lastName: 'Rao', profileImage: '' },
      },
    });
    await comment(author, whisperId, 'Glad you liked it');
    // A visitor reads them too, as they read the whisper.
    const body = (await list(undefined, whisperId)).json();
    expect(texts(body.comments)).toEqual(['Went there last week!\nStunning.', 'Glad you liked it']);
    expect(body.comments[0]).toEqual({ ...answer.json().comment, replies: [], replyCount: 0, repliesCursor: null });
    expect([body.nextCursor, body.commentCount]).toEqual([null, 2]);
  });

  it('pages: the newest page first, oldest first within it; the cursor brings the older ones', async () => {
    const author = await signUp(t.app);
    const whisperId = await newWhisper(author);
    for (const n of [1, 2, 3, 4, 5]) await comment(author, whisperId, `c${n}`);
    const first = (await list(undefined, whisperId, { limit: '2' })).json();
    expect(texts(first.comments)).toEqual(['c4', 'c5']);
    const second = (await list(undefined, whisperId, { limit: '2', cursor: first.nextCursor })).json();
    expect(texts(second.comments)).toEqual(['c2', 'c3']);
    const third = (await list(undefined, whisperId, { limit: '2', cursor: second.nextCursor })).json();
    expect([texts(third.comments), third.nextCursor, third.commentCount]).toEqual([['c1'], null, 5]);
    expect((await list(undefined, whisperId, { cursor: 'nope' })).statusCode).toBe(400);
  });

  it('replies one level deep: the newest 3 under their comment, a count, and the older ones by GET /api/comments/:id/replies', async () => {
    const author = await signUp(t.app);
    const other = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const top = await comment(other, whisperId, 'Is it safe at night?');
    for (const n of [1, 2, 3, 4, 5]) await comment(n % 2 ? author : other, whisperId, `r${n}`, top._id);
    const [thread] = await threads(undefined, whisperId);
    expect([texts(thread.replies), thread.replyCount]).toEqual([['r3', 'r4', 'r5'], 5]);
    expect(thread.replies[0].parentId).toBe(top._id);
    const older = (await t.app.inject({ url: `/api/comments/${top._id}/replies`, query: { cursor: thread.repliesCursor! } })).json();
    expect(older).toEqual({ success: true, replies: [expect.objectContaining({ text: 'r1' }), expect.objectContaining({ text: 'r2' })], nextCursor: null });
    const paged = (await t.app.inject({ url: `/api/comments/${top._id}/replies`, query: { limit: '2' } })).json();
    expect([texts(paged.replies), typeof paged.nextCursor]).toEqual([['r4', 'r5'], 'string']);
    // A reply to a reply: refused, one level only; so is a reply to another whisper's comment.
    const reply = thread.replies[0];
    expect((await post(author, whisperId, { text: 'deeper', parentId: reply._id })).json()).toEqual({ message: 'You can only reply to a top-level comment of this whisper.', field: 'parentId' });
    const elsewhere = await newWhisper(author);
    expect((await post(author, elsewhere, { text: 'wrong place', parentId: top._id })).statusCode).toBe(400);
    expect((await post(author, whisperId, { text: 'x', parentId: '00000000-0000-4000-8000-000000000000' })).json()).toEqual({ status: false, message: 'Comment not found' });
    // Every comment and reply is counted.
    expect((await list(undefined, whisperId)).json().commentCount).toBe(6);
  });

  it.each([
    ['an empty text', { text: '' }, 'Comment cannot be empty.'],
    ['blanks', { text: ' \n\t ' }, 'Comment cannot be empty.'],
    ['no text', {}, 'Comment cannot be empty.'],
    ['1,001 characters', { text: 'x'.repeat(1001) }, 'Comment must be at most 1,000 characters.'],
    ['a NUL', { text: 'a\u0000b' }, 'Comment contains invalid characters.'],
  ])('refuses %s: 400 %p', async (_name, payload, message) => {
    const author = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const answer = await post(author, whisperId, payload);
    expect([answer.statusCode, answer.json()]).toEqual([400, { message, field: 'text' }]);
    expect(await t.db.$count(whisperComments, eq(whisperComments.whisperId, whisperId))).toBe(0);
  });

  it('takes 1,000 characters counted as the database counts them (an emoji is one), and 400s malformed input', async () => {
    const author = await signUp(t.app);
    const whisperId = await newWhisper(author);
    expect((await post(author, whisperId, { text: '🌅'.repeat(1000) })).statusCode).toBe(201);
    expect((await post(author, whisperId, { text: ` ${'x'.repeat(1000)} ` })).statusCode).toBe(201);
    expect((await post(author, whisperId, { text: 'hi', extra: 1 })).statusCode).toBe(400);
    expect((await post(author, whisperId, { text: 42 })).statusCode).toBe(400);
    expect((await post(author, 'nope', { text: 'hi' })).statusCode).toBe(400);
    expect((await post(author, whisperId, { text: 'hi', parentId: 'nope' })).statusCode).toBe(400);
  });

  it('a visitor may not comment (401); an unknown whisper answers 404', async () => {
    const author = await signUp(t.app);
    const whisperId = await newWhisper(author);
    expect((await post(undefined, whisperId, { text: 'hi' })).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(author, unknown, { text: 'hi' })).json()).toEqual({ status: false, message: 'Whisper not found' });
    expect((await list(undefined, unknown)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/comments/${unknown}/replies` })).statusCode).toBe(404);
  });

  it('a retried post with the same Idempotency-Key makes one comment', async () => {
    const author = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const headers = { 'idempotency-key': `comment-${whisperId}` };
    const first = await post(author, whisperId, { text: 'Once' }, headers);
    const again = await post(author, whisperId, { text: 'Once' }, headers);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json().comment._id).toBe(first.json().comment._id);
    expect(await t.db.$count(whisperComments, eq(whisperComments.whisperId, whisperId))).toBe(1);
    // The same key on another whisper is another request.
    expect((await post(author, await newWhisper(author), { text: 'Once' }, headers)).statusCode).toBe(422);
  });
});

describe('PATCH and DELETE /api/comments/:id', () => {
  it('only its author edits a comment: marked edited, checked like a new one', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const mine = await comment(commenter, whisperId, 'Typo hre');
    const answer = await edit(commenter, mine._id, ' Typo here ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: true, message: 'Comment updated.', comment: { _id: mine._id, text: 'Typo here', edited: true, editedAt: expect.any(String) } });
    expect((await threads(undefined, whisperId))[0]).toMatchObject({ text: 'Typo here', edited: true });
    // Not the whisper's author, nor anyone else.
    expect((await edit(author, mine._id, 'Mine now')).statusCode).toBe(403);
    expect((await edit(await signUp(t.app), mine._id, 'Mine now')).statusCode).toBe(403);
    expect((await edit(commenter, mine._id, '  ')).json()).toEqual({ message: 'Comment cannot be empty.', field: 'text' });
    expect((await edit(commenter, '00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    expect((await threads(undefined, whisperId))[0].text).toBe('Typo here');
  });

  it('its author or the whisper\'s author deletes a comment, its replies with it; nobody else', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const stranger = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const first = await comment(commenter, whisperId, 'First');
    await comment(stranger, whisperId, 'A reply', first._id);
    const second = await comment(commenter, whisperId, 'Second');
    expect((await remove(stranger, first._id)).statusCode).toBe(403);
    expect((await remove(author, first._id)).json()).toEqual({ status: true, message: 'Comment deleted.' });
    expect(await t.db.$count(whisperComments, eq(whisperComments.whisperId, whisperId))).toBe(1);
    expect((await remove(commenter, second._id)).statusCode).toBe(200);
    expect((await remove(commenter, second._id)).statusCode).toBe(404);
    expect(await threads(undefined, whisperId)).toEqual([]);
  });
});

describe('blocks, moderation and suspension', () => {
  it('members blocked either way do not see each other\'s comments, nor replies under them, and cannot comment on each other\'s whispers', async () => {
    const author = await signUp(t.app);
    const blocker = await signUp(t.app);
    const blocked = await signUp(t.app);
    const bystander = await signUp(t.app);
    const title = `Stepwell ${Date.now()}`;
    const whisperId = await newWhisper(author, title);
    const byBlocked = await comment(blocked, whisperId, 'by blocked');
    await comment(bystander, whisperId, 'reply under blocked', byBlocked._id);
    const byBlocker = await comment(blocker, whisperId, 'by blocker');
    await comment(bystander, whisperId, 'by bystander');
    expect((await block(blocker, blocked)).statusCode).toBe(200);
    expect(texts(await threads(blocker, whisperId))).toEqual(['by blocker', 'by bystander']);
    expect(texts(await threads(blocked, whisperId))).toEqual(['by blocked', 'by bystander']);
    expect(texts(await threads(bystander, whisperId))).toEqual(['by blocked', 'by blocker', 'by bystander']);
    // The counts leave them out too: the blocker's 2 (the reply went with its comment), the blocked
    // member's 3 (the reply under their own comment stays), 4 for the others.
    expect(await counts(blocker, whisperId, title)).toEqual({ card: 2, detail: 2, list: 2 });
    expect(await counts(blocked, whisperId, title)).toEqual({ card: 3, detail: 3, list: 3 });
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 4, detail: 4, list: 4 });
    // Neither may reply to the other, nor read the replies under the other's comment.
    expect((await post(blocker, whisperId, { text: 'hey', parentId: byBlocked._id })).statusCode).toBe(404);
    expect((await post(blocked, whisperId, { text: 'hey', parentId: byBlocker._id })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/comments/${byBlocked._id}/replies`, headers: as(blocker) })).statusCode).toBe(404);
    // Nor comment on each other's whispers, either way, nor read their comments.
    const blockersWhisper = await newWhisper(blocker);
    const blockedsWhisper = await newWhisper(blocked);
    expect((await post(blocked, blockersWhisper, { text: 'hi' })).json()).toEqual({ status: false, message: 'Whisper not found' });
    expect((await post(blocker, blockedsWhisper, { text: 'hi' })).statusCode).toBe(404);
    expect((await list(blocked, blockersWhisper)).statusCode).toBe(404);
  });

  it('a hidden comment is gone for everyone but its author (told why); a hidden whisper\'s comments are gone; a suspended member\'s too', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const title = `Fort ${Date.now()}`;
    const whisperId = await newWhisper(author, title);
    const rude = await comment(commenter, whisperId, 'Rude words');
    await comment(author, whisperId, 'A reply under it', rude._id);
    await comment(author, whisperId, 'Kind words');
    await hide(moderator, rude._id);
    expect(texts(await threads(undefined, whisperId))).toEqual(['Kind words']);
    expect(texts(await threads(author, whisperId))).toEqual(['Kind words']);
    const own = await threads(commenter, whisperId);
    expect(own[0]).toMatchObject({ text: 'Rude words', moderation: { hidden: true, reason: 'Insults' } });
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 1, detail: 1, list: 1 });
    expect((await t.app.inject({ url: `/api/comments/${rude._id}/replies` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/moderation/hidden', headers: as(moderator) })).json().items).toContainEqual(
      { itemType: 'comment', itemId: rude._id, title: 'Rude words', reason: 'Insults', at: expect.any(String) });
    // Restored: back for everyone.
    await t.app.inject({ method: 'POST', url: '/api/moderation/restore', headers: as(moderator), payload: { itemType: 'comment', itemId: rude._id } });
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 3, detail: 3, list: 3 });
    // A suspended member's comments leave every page.
    await t.app.inject({ method: 'POST', url: '/api/moderation/suspend', headers: as(moderator), payload: { userId: commenter.id, reason: 'Spam' } });
    expect(texts(await threads(undefined, whisperId))).toEqual(['Kind words']);
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 1, detail: 1, list: 1 });
    // A hidden whisper: its comments with it, for anyone but its author.
    await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: as(moderator), payload: { itemType: 'whisper', itemId: whisperId, reason: 'Off topic' } });
    expect((await list(undefined, whisperId)).statusCode).toBe(404);
    expect((await post(moderator, whisperId, { text: 'hi' })).statusCode).toBe(404);
    expect((await list(author, whisperId)).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  it('tells the whisper\'s author of a comment and a comment\'s author of a reply, never anyone of their own, linked to the whisper', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const replier = await signUp(t.app);
    const whisperId = await newWhisper(author, 'Chapora');
    const link = `/whispers/whisper-detail/${whisperId}`;
    const top = await comment(commenter, whisperId, 'Lovely light');
    await comment(replier, whisperId, 'Agreed!', top._id);
    expect(await noticesOf(commenter)).toEqual([
      expect.objectContaining({ kind: 'reply', link, title: 'New reply', body: `@${replier.body.username} replied to your comment: "Agreed!"`, read: false }),
    ]);
    expect((await noticesOf(author)).filter((n) => n.kind === 'comment').map((n) => n.body).sort()).toEqual([
      `@${commenter.body.username} commented on your whisper "Chapora": "Lovely light"`,
      `@${replier.body.username} commented on your whisper "Chapora": "Agreed!"`,
    ].sort());
    expect((await noticesOf(author)).every((n) => n.link === link)).toBe(true);
    // Their own comment and reply tell nobody: of these four, two tell the whisper's author (a
    // comment on their whisper; a reply to their comment, once, as a reply), the others no one.
    const everyone = async () => (await Promise.all([author, commenter, replier].map(noticesOf))).flat();
    const before = (await everyone()).map((n) => n.id);
    const own = await comment(author, whisperId, 'Thanks all');
    await comment(author, whisperId, 'Me again', own._id);
    await comment(commenter, whisperId, 'And me', top._id);
    await comment(replier, whisperId, 'Welcome', own._id);
    const added = (await everyone()).filter((n) => !before.includes(n.id));
    expect(added.map((n) => [n.userId, n.kind, n.body]).sort()).toEqual([
      [author.id, 'comment', `@${commenter.body.username} commented on your whisper "Chapora": "And me"`],
      [author.id, 'reply', `@${replier.body.username} replied to your comment: "Welcome"`],
    ].sort());
  });

  it('a reply under a hidden comment (its author\'s, the only one who may reply there) tells the whisper\'s author nothing: they cannot see it', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author, 'Chapora');
    const rude = await comment(commenter, whisperId, 'Rude');
    await hide(moderator, rude._id);
    const before = (await noticesOf(author)).map((n) => n.id);
    await comment(commenter, whisperId, 'Ruder, in reply', rude._id);
    expect((await noticesOf(author)).filter((n) => !before.includes(n.id))).toEqual([]);
    expect(texts(await threads(author, whisperId))).toEqual([]);
  });
});

describe('counts on cards', () => {
  it('the list and the detail count comments and replies; creating and deleting change the kept list at once', async () => {
    const author = await signUp(t.app);
    const title = `Count ${Date.now()}`;
    const whisperId = await newWhisper(author, title);
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 0, detail: 0, list: 0 });
    const top = await comment(author, whisperId, 'one');
    await comment(author, whisperId, 'two', top._id);
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 2, detail: 2, list: 2 });
    await remove(author, top._id);
    expect(await counts(undefined, whisperId, title)).toEqual({ card: 0, detail: 0, list: 0 });
  });

  it('a deleted account takes its comments with it', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const whisperId = await newWhisper(author);
    await comment(commenter, whisperId, 'bye');
    await t.db.delete(users).where(eq(users.id, commenter.id));
    expect(await threads(undefined, whisperId)).toEqual([]);
  });
});

describe('reports of comments', () => {
  const report = (who: Account, itemId: string) =>
    t.app.inject({ method: 'POST', url: '/api/reports', headers: as(who), payload: { itemType: 'comment', itemId, reason: 'harassment' } });

  it('a member reports a comment they can see; moderators find it in the queue and hide it', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const reporter = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const rude = await comment(commenter, whisperId, 'You are all fools');
    expect((await report(reporter, rude._id)).statusCode).toBe(201);
    const queue = (await t.app.inject({ url: '/api/moderation/reports', headers: as(moderator) })).json().items;
    expect(queue).toContainEqual(expect.objectContaining({ itemType: 'comment', itemId: rude._id, item: expect.objectContaining({ text: 'You are all fools' }) }));
    await hide(moderator, rude._id);
    expect(texts(await threads(reporter, whisperId))).toEqual([]);
    // Hidden: no longer reportable.
    expect((await report(author, rude._id)).statusCode).toBe(404);
  });

  it('not one\'s own (400), nor one the reporter cannot see: its author or the whisper\'s blocked them, its whisper hidden (404)', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const reporter = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const mine = await comment(reporter, whisperId, 'My own');
    expect((await report(reporter, mine._id)).json()).toEqual({ status: false, message: 'You cannot report yourself.' });
    const theirs = await comment(commenter, whisperId, 'Theirs');
    await block(commenter, reporter);
    expect((await report(reporter, theirs._id)).statusCode).toBe(404);
    // The reporter's own block stands in nothing's way.
    const other = await signUp(t.app);
    const othersComment = await comment(other, whisperId, 'Other');
    await block(reporter, other);
    expect((await report(reporter, othersComment._id)).statusCode).toBe(201);
    // On a whisper whose author blocked the reporter: not seen.
    const elsewhere = await signUp(t.app);
    const blockingAuthor = await signUp(t.app);
    const hisWhisper = await newWhisper(blockingAuthor);
    const there = await comment(elsewhere, hisWhisper, 'On his whisper');
    await block(blockingAuthor, reporter);
    expect((await report(reporter, there._id)).statusCode).toBe(404);
    // On a hidden whisper: not seen.
    const onHidden = await comment(elsewhere, whisperId, 'Soon hidden whisper');
    await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: as(moderator), payload: { itemType: 'whisper', itemId: whisperId, reason: 'Off topic' } });
    expect((await report(reporter, onHidden._id)).statusCode).toBe(404);
  });
});
