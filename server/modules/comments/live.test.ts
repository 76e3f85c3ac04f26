import { io as connect, type Socket } from 'socket.io-client';
import { whispers } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { makeModerator } from '../../test/safety.js';
import { WATCHED_PER_SOCKET, whisperRoom } from './live.js';

// Opens a port: the sockets are real.
const t = useTestApp({ listen: true });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function open(who: Account): Promise<Socket> {
  const socket = connect(t.url, { path: '/socket.io', auth: { token: who.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  return socket;
}
const watch = (socket: Socket, whisperId: unknown) => socket.emitWithAck('whisper:watch', whisperId) as Promise<{ ok: boolean }>;

/** Everything the socket hears of comments, in order. */
function heard(socket: Socket) {
  const events: Array<[string, { comment?: { text: string }; commentId?: string }]> = [];
  for (const name of ['comment:new', 'comment:updated', 'comment:deleted']) socket.on(name, (payload) => events.push([name, payload]));
  return events;
}
/** A round trip on the socket: what the server emitted to it before has arrived. */
const settled = (socket: Socket) => watch(socket, '00000000-0000-4000-8000-000000000000');

async function newWhisper(author: Account) {
  const [row] = await t.db.insert(whispers).values({ userId: author.id, title: 'Live', description: 'Watch this.' }).returning({ id: whispers.id });
  return row.id;
}
const hideItem = async (moderator: Account, itemType: 'comment' | 'whisper', itemId: string) => {
  const answer = await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: bearer(moderator.token), payload: { itemType, itemId, reason: 'Insults' } });
  expect(answer.statusCode).toBe(200);
};
const post = (who: Account, whisperId: string, text: string, parentId?: string) =>
  t.app.inject({ method: 'POST', url: `/api/whispers/${whisperId}/comments`, headers: bearer(who.token), payload: { text, parentId } });

describe('a room per whisper', () => {
  it('everyone watching hears of new, edited and deleted comments; one who left, or never watched, does not', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const elsewhere = await signUp(t.app);
    const whisperId = await newWhisper(author);
    const [authorSocket, readerSocket, otherSocket] = [await open(author), await open(reader), await open(elsewhere)];
    const [toAuthor, toReader, toOther] = [heard(authorSocket), heard(readerSocket), heard(otherSocket)];
    expect(await watch(authorSocket, whisperId)).toEqual({ ok: true });
    expect(await watch(readerSocket, whisperId)).toEqual({ ok: true });
    const made = (await post(reader, whisperId, 'Hello live')).json().comment;
    await t.app.inject({ method: 'PATCH', url: `/api/comments/${made._id}`, headers: bearer(reader.token), payload: { text: 'Hello, live' } });
    await t.app.inject({ method: 'DELETE', url: `/api/comments/${made._id}`, headers: bearer(author.token) });
    await Promise.all([authorSocket, readerSocket, otherSocket].map(settled));
    const expected = [
      ['comment:new', { whisperId, comment: made }],
      ['comment:updated', { whisperId, comment: expect.objectContaining({ _id: made._id, text: 'Hello, live', edited: true }) }],
      ['comment:deleted', { whisperId, commentId: made._id, parentId: null }],
    ];
    expect(toAuthor).toEqual(expected);
    expect(toReader).toEqual(expected);
    expect(toOther).toEqual([]);
    // Left: nothing more.
    expect(await readerSocket.emitWithAck('whisper:unwatch', whisperId)).toEqual({ ok: true });
    await post(author, whisperId, 'After you left');
    await Promise.all([authorSocket, readerSocket].map(settled));
    expect(toReader).toHaveLength(3);
    expect(toAuthor).toHaveLength(4);
  });

  it('members blocked either way hear nothing of each other\'s comments; watching a whisper one may not see is refused', async () => {
    const author = await signUp(t.app);
    const blocker = await signUp(t.app);
    const blocked = await signUp(t.app);
    const whisperId = await newWhisper(author);
    await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(blocker.token) });
    const [blockerSocket, blockedSocket] = [await open(blocker), await open(blocked)];
    const [toBlocker, toBlocked] = [heard(blockerSocket), heard(blockedSocket)];
    await watch(blockerSocket, whisperId);
    await watch(blockedSocket, whisperId);
    const byBlocked = (await post(blocked, whisperId, 'From the blocked')).json().comment;
    await post(blocker, whisperId, 'From the blocker');
    // A reply by someone else under the blocked member's comment is not the blocker's to hear of either.
    await post(author, whisperId, 'Reply under the blocked', byBlocked._id);
    await Promise.all([blockerSocket, blockedSocket].map(settled));
    expect(toBlocker.map(([, payload]) => payload.comment?.text)).toEqual(['From the blocker']);
    expect(toBlocked.map(([, payload]) => payload.comment?.text)).toEqual(['From the blocked', 'Reply under the blocked']);
    // The blocker's own whisper: not for the blocked member to watch, nor an id that is no whisper.
    const blockersWhisper = await newWhisper(blocker);
    expect(await watch(blockedSocket, blockersWhisper)).toEqual({ ok: false });
    expect(await watch(blockedSocket, 'not-an-id')).toEqual({ ok: false });
    expect(t.app.io.sockets.sockets.get(blockedSocket.id!)?.rooms.has(whisperRoom(blockersWhisper))).toBe(false);
  });

  it('a comment moderators hide leaves the others\' pages at once, not its author\'s', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const [authorSocket, commenterSocket] = [await open(author), await open(commenter)];
    const [toAuthor, toCommenter] = [heard(authorSocket), heard(commenterSocket)];
    await watch(authorSocket, whisperId);
    await watch(commenterSocket, whisperId);
    const rude = (await post(commenter, whisperId, 'Rude')).json().comment;
    await t.app.inject({ method: 'POST', url: '/api/moderation/hide', headers: bearer(moderator.token), payload: { itemType: 'comment', itemId: rude._id, reason: 'Insults' } });
    await Promise.all([authorSocket, commenterSocket].map(settled));
    expect(toAuthor.map(([name]) => name)).toEqual(['comment:new', 'comment:deleted']);
    expect(toCommenter.map(([name]) => name)).toEqual(['comment:new']);
  });

  it('a reply under a hidden comment (only its author may reply there) reaches no one else\'s socket, neither do its edits', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const reader = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const [authorSocket, commenterSocket, readerSocket] = [await open(author), await open(commenter), await open(reader)];
    const [toAuthor, toCommenter, toReader] = [heard(authorSocket), heard(commenterSocket), heard(readerSocket)];
    for (const socket of [authorSocket, commenterSocket, readerSocket]) await watch(socket, whisperId);
    const rude = (await post(commenter, whisperId, 'Rude')).json().comment;
    await hideItem(moderator, 'comment', rude._id);
    const answer = await post(commenter, whisperId, 'Still rude, in reply', rude._id);
    expect(answer.statusCode).toBe(201);
    await t.app.inject({ method: 'PATCH', url: `/api/comments/${answer.json().comment._id}`, headers: bearer(commenter.token), payload: { text: 'Ruder still' } });
    await Promise.all([authorSocket, commenterSocket, readerSocket].map(settled));
    expect(toAuthor.map(([name, payload]) => [name, payload.comment?.text])).toEqual([['comment:new', 'Rude'], ['comment:deleted', undefined]]);
    expect(toReader).toEqual(toAuthor);
    // Its author's own page has the reply from the post's answer.
    expect(toCommenter.map(([name]) => name)).toEqual(['comment:new']);
  });

  it('once moderators hide a whisper, those who watched it before hear nothing more of it; its author still does', async () => {
    const author = await signUp(t.app);
    const reader = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const [authorSocket, readerSocket] = [await open(author), await open(reader)];
    const [toAuthor, toReader] = [heard(authorSocket), heard(readerSocket)];
    expect(await watch(authorSocket, whisperId)).toEqual({ ok: true });
    expect(await watch(readerSocket, whisperId)).toEqual({ ok: true });
    await hideItem(moderator, 'whisper', whisperId);
    const mine = (await post(author, whisperId, 'Only I see this now')).json().comment;
    await t.app.inject({ method: 'PATCH', url: `/api/comments/${mine._id}`, headers: bearer(author.token), payload: { text: 'Only I see this, edited' } });
    await Promise.all([authorSocket, readerSocket].map(settled));
    expect(toReader).toEqual([]);
    expect(toAuthor.map(([name, payload]) => [name, payload.comment?.text])).toEqual([
      ['comment:new', 'Only I see this now'], ['comment:updated', 'Only I see this, edited'],
    ]);
  });

  it('once its author is suspended, a whisper\'s earlier watchers hear nothing more of it', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const reader = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const [commenterSocket, readerSocket] = [await open(commenter), await open(reader)];
    const toReader = heard(readerSocket);
    await watch(commenterSocket, whisperId);
    await watch(readerSocket, whisperId);
    const said = (await post(commenter, whisperId, 'Said before')).json().comment;
    const suspended = await t.app.inject({ method: 'POST', url: '/api/moderation/suspend', headers: bearer(moderator.token), payload: { userId: author.id, reason: 'Spam' } });
    expect(suspended.statusCode).toBe(200);
    // Its comments' authors may still delete theirs: no news for the others, whose page has no whisper.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comments/${said._id}`, headers: bearer(commenter.token) })).statusCode).toBe(200);
    await settled(readerSocket);
    expect(toReader.map(([name]) => name)).toEqual(['comment:new']);
  });

  it('a comment moderators restore comes back to the others\' pages at once, with the replies they may see, not to its author\'s (it never left)', async () => {
    const author = await signUp(t.app);
    const commenter = await signUp(t.app);
    const replier = await signUp(t.app);
    const moderator = await signUp(t.app);
    await makeModerator(t, moderator);
    const whisperId = await newWhisper(author);
    const [authorSocket, commenterSocket, replierSocket] = [await open(author), await open(commenter), await open(replier)];
    for (const socket of [authorSocket, commenterSocket, replierSocket]) await watch(socket, whisperId);
    const top = (await post(commenter, whisperId, 'Harsh, on second look fine')).json().comment;
    const first = (await post(replier, whisperId, 'First reply', top._id)).json().comment;
    const hiddenReply = (await post(author, whisperId, 'Hidden reply', top._id)).json().comment;
    const last = (await post(replier, whisperId, 'Last reply', top._id)).json().comment;
    await hideItem(moderator, 'comment', hiddenReply._id);
    await hideItem(moderator, 'comment', top._id);
    await Promise.all([authorSocket, commenterSocket, replierSocket].map(settled));
    const [toAuthor, toCommenter, toReplier] = [heard(authorSocket), heard(commenterSocket), heard(replierSocket)];
    const restored = await t.app.inject({ method: 'POST', url: '/api/moderation/restore', headers: bearer(moderator.token), payload: { itemType: 'comment', itemId: top._id } });
    expect(restored.statusCode).toBe(200);
    await Promise.all([authorSocket, commenterSocket, replierSocket].map(settled));
    const back = [
      ['comment:new', { whisperId, comment: top }],
      ['comment:new', { whisperId, comment: first }],
      ['comment:new', { whisperId, comment: last }],
    ];
    expect(toAuthor).toEqual(back);
    expect(toReplier).toEqual(back);
    expect(toCommenter).toEqual([]);
    // A reply restored under a comment others see comes back alone; under a hidden one, to no one.
    await t.app.inject({ method: 'POST', url: '/api/moderation/restore', headers: bearer(moderator.token), payload: { itemType: 'comment', itemId: hiddenReply._id } });
    await Promise.all([authorSocket, commenterSocket, replierSocket].map(settled));
    expect(toCommenter).toEqual([['comment:new', { whisperId, comment: hiddenReply }]]);
    expect(toReplier).toEqual([...back, ['comment:new', { whisperId, comment: hiddenReply }]]);
    expect(toAuthor).toEqual(back);
  });

  it(`a socket watches at most ${WATCHED_PER_SOCKET} whispers: another leaves the one watched longest`, async () => {
    const author = await signUp(t.app);
    const socket = await open(author);
    const ids = [];
    for (let n = 0; n <= WATCHED_PER_SOCKET; n++) {
      ids.push(await newWhisper(author));
      expect(await watch(socket, ids[n])).toEqual({ ok: true });
    }
    const rooms = t.app.io.sockets.sockets.get(socket.id!)!.rooms;
    expect(ids.map((id) => rooms.has(whisperRoom(id)))).toEqual([false, ...Array(WATCHED_PER_SOCKET).fill(true)]);
  });
});
