import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { messages, notifications } from '../../db/schema.js';
import { buildTestApp, SETUP_TIMEOUT, useTestApp, type TestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount, type Account } from '../../test/fixtures.js';
import { storeMessages } from './service.js';

// Opens a port: messages are delivered over socket.io.
const t = useTestApp({ listen: true });
const asha = useAccount(t, { firstName: 'Asha', lastName: 'Rao' });
const ravi = useAccount(t, { firstName: 'Ravi', lastName: 'Kumar' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.close()));

/** A connected socket; `claims` adds to the handshake what a client might send beside its token. */
async function openSocket(base: string, token: string, claims: { auth?: object; query?: Record<string, string> } = {}): Promise<Socket> {
  const socket = connect(base, { path: '/socket.io', auth: { token, ...claims.auth }, query: claims.query, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
/** Every `event` the socket receives, in order (`seen`), and a wait until `count` of them have come. */
function collect(socket: Socket, event: string) {
  const seen: unknown[] = [];
  const checks: Array<() => void> = [];
  socket.on(event, (payload: unknown) => {
    seen.push(payload);
    checks.forEach((check) => check());
  });
  const atLeast = (count: number) => new Promise<void>((resolve) => {
    const check = () => {
      if (seen.length >= count) resolve();
    };
    checks.push(check);
    check();
  });
  return { seen, atLeast };
}
const send = (from: Account, to: string, content: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/messages/${to}`, headers: bearer(from.token), payload: { content } });
/** A user as a message to store names them. */
const person = (id: string, username = 'someone') => ({ _id: id, username, profileImage: '' });
const get = (account: Account | undefined, path: string) => t.app.inject({ url: path, headers: account ? bearer(account.token) : {} });

describe('sending and reading', () => {
  it('stores the message as the token\'s user, then delivers it at once to both users\' sockets (not to others)', async () => {
    const [toRavi, toAsha, toStranger] = await Promise.all([openSocket(t.url, ravi.token), openSocket(t.url, asha.token), signUp(t.app).then((s) => openSocket(t.url, s.token))]);
    const [raviGot, ashaGot, strangerGot, raviTold, ashaTold] = [
      collect(toRavi, 'new-message'), collect(toAsha, 'new-message'), collect(toStranger, 'new-message'), collect(toRavi, 'notification'), collect(toAsha, 'notification'),
    ];
    const sent = await send(asha, ravi.id, '  Chai at the ghat at 6?  ');
    expect(sent.statusCode).toBe(201);
    const message = sent.json().message;
    expect(message).toEqual({
      _id: expect.any(String), content: 'Chai at the ghat at 6?', createdAt: expect.any(String), read: false,
      sender: { _id: asha.id, username: asha.body.username, profileImage: '' }, receiver: { _id: ravi.id, username: ravi.body.username, profileImage: '' },
    });
    await Promise.all([raviGot, ashaGot, raviTold].map((got) => got.atLeast(1)));
    expect(raviGot.seen).toEqual([message]);
    expect(ashaGot.seen).toEqual([message]);
    expect(strangerGot.seen).toEqual([]);
    expect(raviTold.seen).toEqual([{ title: 'New message' }]);
    expect(ashaTold.seen).toEqual([]); // the sender is not told of their own message
    expect(await t.db.$count(messages, and(eq(messages.senderId, asha.id), eq(messages.receiverId, ravi.id)))).toBeGreaterThanOrEqual(1);
  });

  it('with an Idempotency-Key, a resent message is stored, emitted and told once; every retry gets the first answer', async () => {
    const toRavi = await openSocket(t.url, ravi.token);
    const [got, told] = [collect(toRavi, 'new-message'), collect(toRavi, 'notification')];
    const content = `Resent ${Date.now()}`;
    const key = `m-${Date.now()}`;
    const keyed = () => t.app.inject({ method: 'POST', url: `/api/messages/${ravi.id}`, headers: { ...bearer(asha.token), 'idempotency-key': key }, payload: { content } });
    const answers = await Promise.all([keyed(), keyed(), keyed()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const message = answers[0].json().message;
    expect(answers.map((answer) => answer.json().message)).toEqual([message, message, message]);
    expect(await t.db.$count(messages, eq(messages.content, content))).toBe(1);
    await Promise.all([got.atLeast(1), told.atLeast(1)]);
    // Nothing more comes for the retries (a message sent after them is the next one the socket sees).
    const after = await send(asha, ravi.id, `After ${content}`);
    await got.atLeast(2);
    expect(got.seen).toEqual([message, after.json().message]);
    // The same key to someone else is another request: 422, nothing stored.
    const elsewhere = await t.app.inject({ method: 'POST', url: `/api/messages/${asha.id}`, headers: { ...bearer(ravi.token), 'idempotency-key': key }, payload: { content } });
    expect(elsewhere.statusCode).toBe(201); // keys are per user: Ravi's own key
    const misused = await t.app.inject({ method: 'POST', url: `/api/messages/${(await signUp(t.app)).id}`, headers: { ...bearer(asha.token), 'idempotency-key': key }, payload: { content } });
    expect(misused.statusCode).toBe(422);
  });

  it('the inbox has one row per conversation, the latest first, with the other user and the unread count', async () => {
    const me = await signUp(t.app);
    await send(asha, me.id, 'one');
    await send(asha, me.id, 'two');
    await send(me, ravi.id, 'hello ravi');
    const inbox = (await get(me, '/api/messages')).json();
    expect(inbox.messages.map((row: { content: string; with: { _id: string }; unreadCount: number }) => [row.content, row.with._id, row.unreadCount]))
      .toEqual([['hello ravi', ravi.id, 0], ['two', asha.id, 2]]);
    expect(inbox.unreadTotal).toBe(2);
    // Reading the conversation marks Asha's messages read.
    expect((await t.app.inject({ method: 'POST', url: `/api/messages/${asha.id}/read`, headers: bearer(me.token) })).json()).toEqual({ success: true, updated: 2 });
    expect((await get(me, '/api/messages')).json().unreadTotal).toBe(0);
    // One unread 'New message' notification per sender, not one per message.
    expect(await t.db.$count(notifications, and(eq(notifications.userId, me.id), eq(notifications.title, 'New message')))).toBe(1);
  });

  it('a conversation pages back from the newest, each page oldest first', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    for (let i = 1; i <= 5; i++) await send(i % 2 ? a : b, i % 2 ? b.id : a.id, `m${i}`);
    const first = (await get(a, `/api/messages/${b.id}?limit=3`)).json();
    expect(first.with).toMatchObject({ _id: b.id, username: b.body.username });
    expect(first.messages.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4', 'm5']);
    const second = (await get(a, `/api/messages/${b.id}?limit=3&cursor=${first.nextCursor as string}`)).json();
    expect(second.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
    expect(second.nextCursor).toBeNull();
    // A third user sees none of it.
    const c = await signUp(t.app);
    expect((await get(c, `/api/messages/${b.id}`)).json().messages).toEqual([]);
  });

  it('many sent at once are stored together (group commit): each answered once, in order per sender, one notification per sender', async () => {
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const toC = await openSocket(t.url, c.token);
    const { seen: got, atLeast } = collect(toC, 'new-message');
    // Sent without waiting: they reach the store together and go in a few batches.
    const sends = Array.from({ length: 30 }, (_, i) => send(i % 2 ? a : b, c.id, `${i % 2 ? 'a' : 'b'}${i}`));
    const answers = await Promise.all(sends);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(201));
    const sent = answers.map((answer) => answer.json().message as { _id: string; content: string; createdAt: string });
    expect(sent.map((message) => message.content)).toEqual(Array.from({ length: 30 }, (_, i) => `${i % 2 ? 'a' : 'b'}${i}`));
    expect(new Set(sent.map((message) => message._id)).size).toBe(30);
    // Each conversation holds each of its messages once.
    for (const [from, letter] of [[a, 'a'], [b, 'b']] as const) {
      const shown = (await get(c, `/api/messages/${from.id}`)).json().messages.map((m: { content: string }) => m.content);
      expect([...shown].sort()).toEqual(sent.filter((message) => message.content.startsWith(letter)).map((message) => message.content).sort());
    }
    await atLeast(30);
    expect(new Set(got.map((message) => (message as { _id: string })._id)).size).toBe(30);
    expect(await t.db.$count(notifications, and(eq(notifications.userId, c.id), eq(notifications.title, 'New message')))).toBe(2);
  });

  it('each message of a batch is emitted, and its receiver told, before any of the batch is answered', async () => {
    const [a, b, c] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    // Every emit, as 'event rooms', in the order the server makes them.
    const emitted: string[] = [];
    const original = t.app.io.to.bind(t.app.io);
    const to = jest.spyOn(t.app.io, 'to').mockImplementation((rooms) => {
      const target = original(rooms);
      const emit = target.emit.bind(target);
      target.emit = ((event: string, ...args: unknown[]) => {
        emitted.push(`${event} ${[rooms].flat().sort().join(',')}`);
        return emit(event, ...args);
      }) as typeof target.emit;
      return target;
    });
    try {
      // Sent together (one batch, or two): what had been emitted is noted the moment each is answered.
      const answered = await Promise.all([[a, 'one'], [b, 'two']].map(([from, content]) =>
        send(from as Account, c.id, content).then((answer) => ({ from: from as Account, answer, before: [...emitted] }))));
      for (const { from, answer, before } of answered) {
        expect(answer.statusCode).toBe(201);
        expect(before).toContain(`new-message ${[`user:${from.id}`, `user:${c.id}`].sort().join(',')}`);
        // Every message emitted so far has had its receiver told.
        expect(before.filter((line) => line === `notification user:${c.id}`)).toHaveLength(before.filter((line) => line.startsWith('new-message')).length);
      }
    } finally {
      to.mockRestore();
    }
  });

  it('a batch naming a user who is not there stores nothing of it: no message, no notification', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const gone = '00000000-0000-4000-8000-000000000000';
    await expect(storeMessages(t.db, [{ sender: person(a.id), receiver: person(b.id), content: 'kept?' }, { sender: person(a.id), receiver: person(gone), content: 'nobody' }])).rejects.toThrow();
    expect(await t.db.$count(messages, eq(messages.senderId, a.id))).toBe(0);
    expect(await t.db.$count(notifications, and(eq(notifications.userId, b.id), eq(notifications.title, 'New message')))).toBe(0);
  });

  it('messages stored in one batch keep the order they were handed in', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const stored = await storeMessages(t.db, Array.from({ length: 10 }, (_, i) => ({ sender: person(a.id, a.body.username), receiver: person(b.id, b.body.username), content: `m${i}` })));
    expect(stored.map((message) => message.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    const shown = (await get(b, `/api/messages/${a.id}`)).json().messages.map((m: { content: string }) => m.content);
    expect(shown).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
  });

  it('a batch goes as arrays: quotes, backslashes, braces, commas, NULL and non-Latin text come back as written, and so do the notifications\' names', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const odd = ['say "hi", {friend}', 'back\\slash \\" and \'single\'', 'NULL', '{}', 'नमस्ते 👋 ,;()', 'line\nbreak', 'x'.repeat(2000)];
    const stored = await storeMessages(t.db, odd.map((content) => ({ sender: person(a.id, 'quote"and\\slash'), receiver: person(b.id, b.body.username), content })));
    expect(stored.map((message) => message.content)).toEqual(odd);
    const shown = (await get(b, `/api/messages/${a.id}`)).json().messages.map((m: { content: string }) => m.content);
    expect(shown).toEqual(odd);
    const told = await t.db.select({ body: notifications.body }).from(notifications).where(and(eq(notifications.userId, b.id), eq(notifications.title, 'New message')));
    expect(told).toEqual([{ body: '@quote"and\\slash sent you a message.' }]);
  });

  it('refuses empty, too long and control-character messages, messages to oneself or nobody, and visitors', async () => {
    expect((await send(asha, ravi.id, '   ')).json()).toEqual({ message: 'Message cannot be empty.' });
    expect((await send(asha, ravi.id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await send(asha, ravi.id, 'bad\u0000byte')).statusCode).toBe(400);
    expect((await send(asha, ravi.id, 42)).statusCode).toBe(400);
    expect((await send(asha, asha.id, 'me')).json()).toEqual({ message: 'You cannot message yourself.' });
    expect((await send(asha, '00000000-0000-4000-8000-000000000000', 'hi')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/messages/${ravi.id}`, payload: { content: 'hi' } })).statusCode).toBe(401);
    expect((await get(undefined, '/api/messages')).statusCode).toBe(401);
  });
});

describe('socket auth', () => {
  it('a client with its own token asking for another user\'s id receives none of that user\'s messages', async () => {
    const eve = await signUp(t.app);
    // The handshake carries a user id beside the token, and in the query: both are ignored.
    const snoop = await openSocket(t.url, eve.token, { auth: { userId: ravi.id }, query: { userId: ravi.id } });
    const snooped = collect(snoop, 'new-message');
    const toRavi = await openSocket(t.url, ravi.token);
    await send(asha, ravi.id, 'for ravi only');
    await collect(toRavi, 'new-message').atLeast(1);
    // A message to Eve herself comes after Ravi's on her socket: had his come to her, it would be first.
    await send(asha, eve.id, 'for eve');
    await snooped.atLeast(1);
    expect(snooped.seen).toEqual([expect.objectContaining({ content: 'for eve' })]);
  });
});

// Two server instances on one database and one Redis: a message sent through one instance reaches a
// socket connected to the other. Defined when TEST_REDIS_URL is set: .ci/run starts a Redis for the
// server tests on PostgreSQL; without one there is nothing to fan out through.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) describe('two instances on one database and one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const urls: string[] = [];

  beforeAll(async () => {
    first = await buildTestApp({ config: { redisUrl } });
    // The second instance shares the first one's database, as instances behind a load balancer do.
    second = await buildTestApp({ config: { redisUrl }, db: first.db });
    for (const instance of [first, second]) {
      await instance.app.listen({ port: 0, host: '127.0.0.1' });
      urls.push(`http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`);
    }
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a message sent on one instance reaches the receiver connected to the other, once', async () => {
    const sender = await signUp(first.app);
    const receiver = await signUp(first.app);
    const onSecond = await openSocket(urls[1], receiver.token);
    const received = collect(onSecond, 'new-message');
    const sendFirst = (content: string) => first.app.inject({ method: 'POST', url: `/api/messages/${receiver.id}`, headers: bearer(sender.token), payload: { content } });
    const sent = await sendFirst('across instances');
    expect(sent.statusCode).toBe(201);
    await received.atLeast(1);
    // Emits cross Redis in order: a duplicate of the first would come before this second message.
    const later = await sendFirst('and again');
    await received.atLeast(2);
    expect(received.seen).toEqual([
      expect.objectContaining({ _id: sent.json().message._id, content: 'across instances' }),
      expect.objectContaining({ _id: later.json().message._id, content: 'and again' }),
    ]);
  });
});

// Here for the sockets this file opens: a follow's live notification is realtime's too.
describe('a follower told once a day', () => {
  it('five follows and unfollows tell the followed once, live and stored', async () => {
    const [fan, star] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const told = collect(await openSocket(t.url, star.token), 'notification');
    for (let i = 0; i < 5; i++) {
      for (const action of ['follow', 'unfollow']) {
        expect((await t.app.inject({ method: 'POST', url: `/api/whispers/${star.id}/${action}`, headers: bearer(fan.token) })).statusCode).toBe(200);
      }
    }
    // A message's notification comes after every follow's: once it is in, any other would be too.
    await send(fan, star.id, 'Hello!');
    await told.atLeast(2);
    expect(told.seen).toEqual([{ title: 'New follower' }, { title: 'New message' }]);
    expect(await t.db.$count(notifications, and(eq(notifications.userId, star.id), eq(notifications.title, 'New follower')))).toBe(1);
  });
});
