import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { buildTestApp, SETUP_TIMEOUT, useTestApp } from '../test/build-test-app.js';
import { bearer, login, signUp } from '../test/fixtures.js';
import { userRoom } from './realtime.js';

// Opens a port: the sockets are real.
const t = useTestApp({ listen: true });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

function open(auth: Record<string, unknown>, transports = ['websocket'], url = t.url): Promise<{ socket: Socket; error?: Error }> {
  const socket = connect(url, { path: '/socket.io', auth, transports, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error }));
  });
}

/** The payload of the next `event` the socket receives. */
const next = (socket: Socket, event: string) => new Promise<unknown>((resolve) => socket.once(event, resolve));
const disconnected = (socket: Socket) => next(socket, 'disconnect');

/** An event to the user comes to the socket after everything sent to it before: had it been dropped, it would not. */
async function stillDelivers(socket: Socket, userId: string) {
  const received = next(socket, 'ping-test');
  t.app.io.to(userRoom(userId)).emit('ping-test', { still: 'here' });
  await expect(received).resolves.toEqual({ still: 'here' });
}

describe('socket.io handshake', () => {
  it('accepts a valid token and joins the user room', async () => {
    const user = await signUp(t.app);
    const { socket, error } = await open({ token: user.token });
    expect(error).toBeUndefined();
    expect(socket.connected).toBe(true);
    const received = next(socket, 'ping-test');
    t.app.io.to(userRoom(user.id)).emit('ping-test', { hello: 'you' });
    await expect(received).resolves.toEqual({ hello: 'you' });
  });

  it.each([
    ['websocket', ['websocket']],
    ['long-polling, then the upgrade to websocket', ['polling', 'websocket']],
  ])('lets go of the first HTTP request once connected (%s), and still delivers', async (_name, transports) => {
    const user = await signUp(t.app);
    const { socket, error } = await open({ token: user.token }, transports);
    expect(error).toBeUndefined();
    // A polling client connects first and upgrades after: the upgrade must still go through.
    if (socket.io.engine.transport.name === 'polling') await new Promise((resolve) => socket.io.engine.once('upgrade', resolve));
    expect(socket.io.engine.transport.name).toBe('websocket');
    const server = t.app.io.sockets.sockets.get(socket.id!);
    expect(server?.data.userId).toBe(user.id);
    expect(server?.conn.request).toBeNull();
    const received = next(socket, 'ping-test');
    t.app.io.to(userRoom(user.id)).emit('ping-test', { hello: 'again' });
    await expect(received).resolves.toEqual({ hello: 'again' });
  });

  it.each([
    ['no token', {}],
    ['a malformed token', { token: 'garbage' }],
    ['a non-string token', { token: 42 }],
  ])('refuses %s with connect_error "Unauthorized"', async (_name, auth) => {
    const { socket, error } = await open(auth);
    expect(socket.connected).toBe(false);
    expect(error?.message).toBe('Unauthorized');
  });

  it('refuses a browser page of another site (its Origin), and takes the app\'s own', async () => {
    const user = await signUp(t.app);
    const withOrigin = (origin: string) => new Promise<Error | undefined>((resolve) => {
      const socket = connect(t.url, { path: '/socket.io', auth: { token: user.token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { origin } });
      sockets.push(socket);
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', (error) => resolve(error));
    });
    expect(await withOrigin('https://evil.example')).toBeInstanceOf(Error);
    expect(await withOrigin('not a url')).toBeInstanceOf(Error);
    expect(await withOrigin(t.url)).toBeUndefined();
  });

  it('refuses a logged-out token', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${user.token}` } });
    const { error } = await open({ token: user.token });
    expect(error?.message).toBe('Unauthorized');
  });

  it('logout drops that session\'s sockets only', async () => {
    const user = await signUp(t.app);
    const second = (await login(t.app, user.body.username, user.body.password)).json().token as string;
    const mine = (await open({ token: user.token })).socket;
    const theirs = (await open({ token: second })).socket;
    const dropped = disconnected(mine);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    await dropped;
    await stillDelivers(theirs, user.id);
    expect(theirs.connected).toBe(true);
  });

  it('a password change drops the other sessions\' sockets and keeps the caller\'s', async () => {
    const user = await signUp(t.app);
    const second = (await login(t.app, user.body.username, user.body.password)).json().token as string;
    const mine = (await open({ token: user.token })).socket;
    const theirs = (await open({ token: second })).socket;
    const dropped = disconnected(theirs);
    const changed = await t.app.inject({
      method: 'POST', url: `/api/change-password/${user.id}`, headers: bearer(user.token),
      payload: { currentPassword: user.body.password, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    });
    expect(changed.statusCode).toBe(200);
    await dropped;
    await stillDelivers(mine, user.id);
    expect(mine.connected).toBe(true);
  });

  it('deleting the account drops every socket of the user', async () => {
    const user = await signUp(t.app);
    const second = (await login(t.app, user.body.username, user.body.password)).json().token as string;
    const sockets = [(await open({ token: user.token })).socket, (await open({ token: second })).socket];
    const dropped = Promise.all(sockets.map(disconnected));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/delete-user/${user.id}`, headers: bearer(user.token) })).statusCode).toBe(200);
    await dropped;
  });

  it('keeps a user\'s newest sockets: past the allowance (5) the oldest is closed', async () => {
    const user = await signUp(t.app);
    const oldest = (await open({ token: user.token })).socket;
    const closed = disconnected(oldest);
    const newer: Socket[] = [];
    for (let i = 0; i < 5; i++) newer.push((await open({ token: user.token })).socket);
    await expect(closed).resolves.toBe('io server disconnect');
    expect(newer.every((socket) => socket.connected)).toBe(true);
    await stillDelivers(newer[4], user.id);
  });

  it('refuses handshakes from an address past its allowance for the minute', async () => {
    const strict = await buildTestApp({ limits: { socketHandshakesPerMinute: 2 } });
    try {
      await strict.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(strict.app.server.address() as AddressInfo).port}`;
      const user = await signUp(strict.app);
      const tries = [];
      for (let i = 0; i < 3; i++) tries.push(await open({ token: user.token }, ['websocket'], url));
      expect(tries.map(({ error }) => error === undefined)).toEqual([true, true, false]);
    } finally {
      await strict.close();
    }
  }, SETUP_TIMEOUT);

  it('closing the app closes sockets instead of hanging, as a lost transport: the client reconnects (to another instance)', async () => {
    const user = await signUp(t.app);
    const { socket } = await open({ token: user.token });
    const dropped = disconnected(socket);
    await t.app.close();
    // Not 'io server disconnect', after which socket.io-client would not reconnect.
    await expect(dropped).resolves.toBe('transport close');
  });
});
