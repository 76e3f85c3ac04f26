/**
 * Clients for the reconnect and outage suites: plain HTTP with keep-alive agents, members that
 * behave on their socket as the SPA does (`Member`), a TCP proxy whose network can be dropped
 * (`startTcpProxy`), and PostgreSQL stopped and started again in place (`postgresControl`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../../../bench/free-port.mjs';
import { newRegistration } from '../fixtures.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// --- HTTP -------------------------------------------------------------------------------------------

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes; each caller reads the fields it knows
  body: any;
  text: string;
  ms: number;
}

/**
 * One request; rejects on a network error or after `timeoutMs` without an answer (the request is then
 * aborted). JSON in and out.
 */
export function request(base: string, method: string, url: string, { token, body, headers = {}, agent, timeoutMs = 30_000 }: {
  token?: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent; timeoutMs?: number;
} = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const target = new URL(url, base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const sent = http.request({
      method, host: target.hostname, port: target.port, path: target.pathname + target.search, agent,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: response.statusCode!, body: parsed, text, ms: Date.now() - started });
      });
      response.on('error', reject);
    });
    sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    sent.on('error', reject);
    sent.end(payload);
  });
}

/**
 * Sends until the server answers with a status other than a 5xx (a network error, a restart's
 * refused connection or a 503 is tried again after `pauseMs`), with one Idempotency-Key for all
 * attempts, as a client that must not lose a write does. Resolves to the answer and the attempts.
 */
export async function untilAnswered(base: string, method: string, url: string, options: { token: string; body?: unknown; agent?: http.Agent; pauseMs?: number; giveUpAfterMs?: number }) {
  const key = randomUUID();
  const until = Date.now() + (options.giveUpAfterMs ?? 120_000);
  for (let attempts = 1; ; attempts++) {
    try {
      const answer = await request(base, method, url, { ...options, headers: { 'idempotency-key': key } });
      // 409: the key's first attempt is still in progress (it was sent before a restart, say).
      if (answer.status < 500 && answer.status !== 409) return { answer, attempts };
    } catch {
      // not answered: tried again
    }
    if (Date.now() > until) throw new Error(`${method} ${url} not answered after ${attempts} attempts`);
    await sleep(options.pauseMs ?? 200);
  }
}

/** Runs `task` over `items`, at most `limit` at a time; resolves to the results in order. */
export async function inBatches<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }));
  return results;
}

export interface Account { id: string; token: string; username: string }

/** Registers and signs in `count` accounts (`limit` at a time: each costs an Argon2 hash and check). */
export function signUpMany(base: string, count: number, agent?: http.Agent, limit = 4): Promise<Account[]> {
  return inBatches(Array.from({ length: count }), limit, async () => {
    const body = newRegistration();
    const registered = await request(base, 'POST', '/api/register', { body, agent });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
    const login = await request(base, 'POST', '/api/login', { body: { username: body.username, password: body.password }, agent });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
    return { id: registered.body.data._id as string, token: login.body.token as string, username: body.username };
  });
}

// --- A member, as the SPA keeps its pages live ------------------------------------------------------

export interface Message { _id: string; content: string; createdAt: string; sender: { _id: string }; receiver: { _id: string } }
export interface Notification { _id: string; title: string; body: string; read: boolean }
interface InboxRow { with: { _id: string }; last: Message; unreadCount: number }

/**
 * One cached read of the SPA (an RTK Query entry): `read()` reads now, or, while a read is in flight,
 * once more when it has ended (RTK Query holds an invalidation until the reads in flight end); each
 * answer replaces what was there (RTK Query replaces a refetched entry's data). A read that fails
 * keeps the data (RTK Query keeps the last data with the error).
 */
class Reader {
  private pending: Promise<void> | undefined;
  private again = false;
  reads = 0;
  constructor(private readonly load: () => Promise<void>) {}
  get busy() {
    return this.pending !== undefined;
  }
  read(): void {
    if (this.pending) {
      this.again = true;
      return;
    }
    this.pending = (async () => {
      do {
        this.again = false;
        this.reads += 1;
        await this.load().catch(() => {});
      } while (this.again);
      this.pending = undefined;
    })();
  }
}

/**
 * A signed-in member with the SPA's live pages open: the conversation with each of `correspondents`
 * (src/shared/api/endpoints/messages.ts getConversation), the inbox (getInbox) and the notifications
 * (notifications.ts getNotifications), on one socket opened as src/shared/api/realtime.ts opens it
 * (auth token, WebSocket only, socket.io-client's default reconnection), with the SPA's rules:
 *
 * - 'new-message': added to its conversation unless a message with that id is there; the inbox row
 *   of that conversation moves to the top with it as its last message and one more unread (when it
 *   is not its last already), or the inbox is read again when the conversation is not listed; a
 *   message that comes while its conversation or the inbox is being read makes that one read once
 *   more after (messages.ts `readAgainIfReading`).
 * - 'notification', 'notifications-read': the notifications are read again; 'messages-read': the inbox.
 * - 'connect' after a disconnect (and a disconnect by the server, 'io server disconnect'): every page
 *   is read again (realtime.ts `onResync`).
 *
 * A read's answer replaces the page, as RTK Query's refetch does: the view is the server's answer
 * plus what came live after it, merged by id. `arrivedBy` records how each message first entered the
 * view: 'live' (its event) or 'read' (a read after a reconnect: caught up).
 */
export class Member {
  readonly socket: Socket;
  readonly conversations = new Map<string, Message[]>();
  inbox: InboxRow[] = [];
  notifications: Notification[] = [];
  readonly arrivedBy = new Map<string, 'live' | 'read'>();
  /** When each (re)connect happened, and each disconnect, in ms since the epoch. */
  readonly connects: number[] = [];
  readonly disconnects: { at: number; reason: string }[] = [];
  private readonly conversationReaders = new Map<string, Reader>();
  private readonly inboxReader: Reader;
  private readonly notificationsReader: Reader;

  constructor(readonly account: Account, readonly base: string, correspondents: string[], private readonly agent: http.Agent) {
    for (const other of correspondents) {
      this.conversations.set(other, []);
      this.conversationReaders.set(other, new Reader(async () => {
        const answer = await this.get(`/api/messages/${other}`);
        const messages = answer.body.messages as Message[];
        for (const message of messages) if (!this.arrivedBy.has(message._id)) this.arrivedBy.set(message._id, 'read');
        this.conversations.set(other, messages);
      }));
    }
    this.inboxReader = new Reader(async () => {
      const answer = await this.get('/api/messages');
      this.inbox = (answer.body.messages as (Message & { with: { _id: string }; unreadCount: number })[])
        .map((row) => ({ with: row.with, last: row, unreadCount: row.unreadCount }));
    });
    this.notificationsReader = new Reader(async () => {
      this.notifications = (await this.get('/api/notifications')).body.data as Notification[];
    });
    // As realtime.ts opens it; `forceNew`: a socket (and connection) of its own, as each browser has.
    this.socket = io(base, { path: '/socket.io', auth: { token: account.token }, transports: ['websocket'], forceNew: true, autoConnect: false });
    let connectedBefore = false;
    this.socket.on('connect', () => {
      this.connects.push(Date.now());
      if (connectedBefore) this.resync();
      connectedBefore = true;
    });
    this.socket.on('disconnect', (reason) => {
      this.disconnects.push({ at: Date.now(), reason });
      if (reason === 'io server disconnect') this.resync();
    });
    this.socket.on('new-message', (message: Message) => this.live(message));
    this.socket.on('notification', () => this.notificationsReader.read());
    this.socket.on('notifications-read', () => this.notificationsReader.read());
    this.socket.on('messages-read', () => this.inboxReader.read());
  }

  private async get(url: string): Promise<Answer> {
    const answer = await request(this.base, 'GET', url, { token: this.account.token, agent: this.agent, timeoutMs: 15_000 });
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    return answer;
  }

  /** The pages' first reads, then the socket (the SPA subscribes once a page's first answer came). */
  async open(): Promise<void> {
    this.resync();
    await this.idle();
    const connected = new Promise<void>((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
    this.socket.connect();
    await connected;
  }

  private resync() {
    for (const reader of this.conversationReaders.values()) reader.read();
    this.inboxReader.read();
    this.notificationsReader.read();
  }

  private live(message: Message) {
    const me = this.account.id;
    const other = message.sender._id === me ? message.receiver._id : message.sender._id;
    const conversation = this.conversations.get(other);
    if (conversation) {
      if (!conversation.some((item) => item._id === message._id)) conversation.push(message);
      if (!this.arrivedBy.has(message._id)) this.arrivedBy.set(message._id, 'live');
      const reader = this.conversationReaders.get(other)!;
      if (reader.busy) reader.read();
    }
    if (this.inboxReader.busy) this.inboxReader.read();
    const index = this.inbox.findIndex((row) => row.with._id === other);
    if (index === -1) {
      this.inboxReader.read();
      return;
    }
    const [row] = this.inbox.splice(index, 1);
    if (row.last._id !== message._id) {
      row.last = message;
      if (message.receiver._id === me) row.unreadCount += 1;
    }
    this.inbox.unshift(row);
  }

  /** Resolves once no read is in flight. */
  async idle(): Promise<void> {
    const readers = [...this.conversationReaders.values(), this.inboxReader, this.notificationsReader];
    while (readers.some((reader) => reader.busy)) await sleep(20);
  }

  get reads() {
    return [...this.conversationReaders.values(), this.inboxReader, this.notificationsReader].reduce((sum, reader) => sum + reader.reads, 0);
  }

  close() {
    this.socket.close();
  }
}

/** What the server holds for a member: each conversation (up to 100 messages), the inbox, the notifications. */
export async function serverView(base: string, account: Account, correspondents: string[], agent?: http.Agent) {
  const conversations = new Map<string, Message[]>();
  for (const other of correspondents) {
    const answer = await request(base, 'GET', `/api/messages/${other}?limit=100`, { token: account.token, agent });
    if (answer.status !== 200) throw new Error(`GET /api/messages/${other} answered ${answer.status}`);
    if (answer.body.nextCursor) throw new Error('more than 100 messages in a conversation: the suite sends fewer');
    conversations.set(other, answer.body.messages as Message[]);
  }
  const inbox = (await request(base, 'GET', '/api/messages', { token: account.token, agent })).body.messages as (Message & { with: { _id: string }; unreadCount: number })[];
  const notifications = (await request(base, 'GET', '/api/notifications', { token: account.token, agent })).body.data as Notification[];
  return { conversations, inbox, notifications };
}

export interface Comparison {
  /** Messages the server holds for the member that its view lacks. */
  missing: number;
  /** Messages shown more than once: one id twice, or one logical message (its content) under two ids. */
  duplicated: number;
  /** Notifications the server holds that the member's list lacks, and ones it shows twice. */
  notificationsMissing: number;
  notificationsDuplicated: number;
  /** Inbox rows whose last message or unread count differ from the server's. */
  inboxWrong: number;
}

/** The member's view against the server's (`serverView`). */
export function compare(member: Member, truth: Awaited<ReturnType<typeof serverView>>): Comparison {
  const result: Comparison = { missing: 0, duplicated: 0, notificationsMissing: 0, notificationsDuplicated: 0, inboxWrong: 0 };
  for (const [other, held] of truth.conversations) {
    const shown = member.conversations.get(other) ?? [];
    const ids = new Set(shown.map((message) => message._id));
    result.missing += held.filter((message) => !ids.has(message._id)).length;
    result.duplicated += shown.length - ids.size;
    const contents = new Set(shown.map((message) => message.content));
    result.duplicated += ids.size - contents.size;
  }
  const notificationIds = new Set(member.notifications.map((item) => item._id));
  result.notificationsMissing = truth.notifications.filter((item) => !notificationIds.has(item._id)).length;
  result.notificationsDuplicated = member.notifications.length - notificationIds.size;
  const unread = member.notifications.filter((item) => !item.read).map((item) => `${item.title}\n${item.body}`);
  result.notificationsDuplicated += unread.length - new Set(unread).size;
  for (const row of truth.inbox) {
    const shown = member.inbox.find((item) => item.with._id === row.with._id);
    if (!shown || shown.last._id !== row._id || shown.unreadCount !== row.unreadCount) result.inboxWrong += 1;
  }
  return result;
}

// --- The network between the members and the server -------------------------------------------------

/**
 * A TCP proxy on loopback to `targetPort`: the members' network. `drop(ms)` destroys every connection
 * through it and refuses new ones (accepted, then closed at once) for `ms`; it resolves when the
 * network is back, with that moment. A connection the target refuses (a restart) is closed at once.
 */
export async function startTcpProxy(targetPort: number) {
  const port = await freePort();
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
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
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async drop(ms: number): Promise<number> {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
      await sleep(ms);
      down = false;
      return Date.now();
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

// --- PostgreSQL stopped and started in place --------------------------------------------------------

/** Runs a command to its end without blocking this process (the load goes on meanwhile); as postgres when root. */
function run(command: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [file, list] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, list, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`))));
  });
}

/**
 * `pg_ctl stop -m fast` and `start` for the server `startPostgres(dir)` started (scripts/scale-stack.mjs:
 * its data in `dir`/pg/data, the same port and options again).
 */
export function postgresControl(dir: string, postgres: { bin: string; port: number }) {
  const pgDir = path.join(dir, 'pg');
  const data = path.join(pgDir, 'data');
  const pgCtl = path.join(postgres.bin, 'pg_ctl');
  return {
    stop: () => run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
    start: () => run(pgCtl, ['-D', data, '-o', `-p ${postgres.port} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-l', path.join(pgDir, 'postgres.log'), '-w', 'start']),
  };
}
