import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../bench/free-port.mjs';
import { serverInstance } from '../scripts/scale-stack.mjs';
import { uniqueUser, type TestUser } from './helpers';

// A conversation open in the browser while the server restarts (SIGTERM, then started again on the
// same port and data). A message is sent to the member once the server is back but before the page's
// socket is (the browser's network holds its new connections meanwhile, so the message cannot come
// live): the open conversation shows it by itself, without a reload, once. The server is this test's
// own (the built bundle and dist/, as `npm start` runs them), not the suite's shared one.

/**
 * The browser's network: a TCP proxy to `targetPort` that, while holding, accepts new connections
 * and lets them wait (a slow network: nothing fails, nothing gets through) until `release()`.
 */
async function browserNetwork(targetPort: number) {
  const port = await freePort();
  let holding = false;
  const waiting: net.Socket[] = [];
  const open = new Set<net.Socket>();
  const pipe = (client: net.Socket) => {
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    open.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const proxy = net.createServer((client) => {
    if (!holding) return pipe(client);
    client.pause();
    client.on('error', () => client.destroy());
    waiting.push(client);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    hold: () => (holding = true),
    /** Lets the waiting connections through; resolves to how many there were. */
    release() {
      holding = false;
      const released = waiting.splice(0).filter((client) => !client.destroyed);
      released.forEach(pipe);
      return released.length;
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of [...open, ...waiting]) socket.destroy();
      proxy.close(() => resolve());
    }),
  };
}

test('a conversation open across a server restart shows the message sent while its socket was away, once, without a reload', async ({ browser, playwright }) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'need-spot-e2e-restart-'));
  const server = serverInstance(process.cwd(), {
    LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false', NOMINATIM_URL: 'http://127.0.0.1:9',
    // Tokens signed before the restart stay good after it.
    JWT_SECRET: 'e2e-restart-0123456789abcdef0123456789abcdef',
  }, await freePort());
  const api = await playwright.request.newContext({ baseURL: server.url });
  let network: Awaited<ReturnType<typeof browserNetwork>> | undefined;
  try {
    await server.start();
    network = await browserNetwork(server.port);
    const signUp = async (user: TestUser) => {
      const { password, ...rest } = user;
      const registered = await api.post('/api/register', { data: { ...rest, password, confirmPassword: password } });
      expect(registered.status(), await registered.text()).toBe(201);
      const login = await api.post('/api/login', { data: { username: user.username, password } });
      expect(login.status(), await login.text()).toBe(200);
      return (await login.json()) as { token: string; user: Record<string, unknown> & { _id: string } };
    };
    const member = await signUp(uniqueUser());
    const sender = await signUp({ ...uniqueUser(), firstName: 'Bela', lastName: 'Noor' });
    const send = (content: string) => api.post(`/api/messages/${member.user._id}`, { data: { content }, headers: { Authorization: `Bearer ${sender.token}` } });

    // Signed in as the SPA stores a login, on the origin of the browser's network.
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin: network.url, localStorage: [{ name: 'userData', value: JSON.stringify({ ...member.user, token: member.token }) }, { name: 'token', value: member.token }] }],
      },
    });
    const page = await context.newPage();
    // Each time the page's socket is connected: socket.io's CONNECT answer ('40{"sid":...}').
    let connects = 0;
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
      if (String(payload).startsWith('40')) connects += 1;
    }));
    await page.goto(`${network.url}/messages/${sender.user._id}`);
    await expect(page.getByRole('heading', { name: 'Bela Noor', level: 1 })).toBeVisible();
    const bubbles = page.getByRole('log').getByRole('listitem');

    // Live before the restart, once the socket is connected.
    await expect.poll(() => connects).toBe(1);
    expect((await send('Before the restart')).status()).toBe(201);
    await expect(bubbles.filter({ hasText: 'Before the restart' })).toHaveCount(1);

    network.hold();
    expect(await server.stop('SIGTERM')).toBe(0);
    await server.start();
    const sent = await send('Sent while you were away');
    expect(sent.status(), await sent.text()).toBe(201);
    // Not live: the page's socket has not reached the server since it came back.
    await page.waitForTimeout(500);
    expect(connects).toBe(1);
    await expect(bubbles.filter({ hasText: 'Sent while you were away' })).toHaveCount(0);

    // The network lets the socket's attempt through: it connects by itself, the page reads the
    // conversation again, and the missed message shows, once; the one before is not doubled.
    expect(network.release()).toBeGreaterThan(0);
    await expect.poll(() => connects, { timeout: 20_000 }).toBe(2);
    await expect(bubbles.filter({ hasText: 'Sent while you were away' })).toHaveCount(1);
    await expect(bubbles.filter({ hasText: 'Before the restart' })).toHaveCount(1);
    // And live again after it.
    expect((await send('Back live')).status()).toBe(201);
    await expect(bubbles.filter({ hasText: 'Back live' })).toHaveCount(1);
    await expect(bubbles).toHaveCount(3);
    await context.close();
  } finally {
    await api.dispose();
    await network?.close();
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
