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
