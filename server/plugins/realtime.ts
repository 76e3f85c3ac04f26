import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { resolveToken } from '../lib/sessions.js';
import { countWithFallback, localCounter, type SharedCounter } from '../lib/shared-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** socket.io; emit to one user with `app.io.to(userRoom(id)).emit(...)`. */
    io: Server;
  }
}

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Emits an event to every socket of these users, on every instance (through the Redis adapter when
 * REDIS_URL is set). Called after the change is committed, so a client that reads on the event
 * finds it.
 */
export function tellUsers(app: FastifyInstance, userIds: readonly string[], event: string, payload: unknown): void {
  if (userIds.length === 0) return;
  app.io.to([...new Set(userIds)].map(userRoom)).emit(event, payload);
}

/**
 * Browsers send an Origin with the handshake: only the app's own (the host the request was sent to,
 * or the one a trusted proxy says it was) may connect, so another site's page cannot open a socket
 * with a token it got hold of. Clients that are not browsers send none.
 */
export function sameOrigin(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = trustProxy ? String(headers['x-forwarded-host'] ?? '').split(',')[0].trim() : '';
  return host === headers.host || (forwarded !== '' && host === forwarded);
}
/** The client's address of a handshake, as Fastify reads a request's under the same TRUST_PROXY. */
function clientAddress(trustProxy: false | number | string): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust = typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (request) => proxyAddr(request, trust);
}

/**
 * At most `max` handshakes per client address in each minute: a client that reconnects in a loop,
 * or opens sockets by the thousand, is refused until the minute ends. Counted in Redis for every
 * instance together when REDIS_URL is set (on this instance while Redis fails), else on this
 * instance (lib/shared-limits.ts).
 */
function handshakeAllowance(max: number, shared: SharedCounter | undefined): (address: string) => Promise<boolean> {
  const count = shared ? countWithFallback(shared) : localCounter();
  return async (address) => (await count(`handshake:${address}`, 60_000)).current <= max;
}

/** Every socket of one session: `app.endSessions` disconnects them when the session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

// setTimeout takes at most 2^31-1 ms (~24.8 days); a longer wait is re-armed by the client's reconnect.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * socket.io on Fastify's HTTP server (our own plugin: fastify-socket.io supports Fastify 4 only).
 * The handshake carries `auth: { token }` and passes the same session check as HTTP requests; a
 * socket joins its user's room and its session's room, and is dropped when the session expires.
 */
async function realtime(app: FastifyInstance) {
  const trustProxy = Boolean(app.config.trustProxy);
  const { socketsPerUser, socketHandshakesPerMinute } = app.config.limits;
  const addressOf = clientAddress(app.config.trustProxy);
  const allowHandshake = handshakeAllowance(socketHandshakesPerMinute, app.sharedCounter);
  let closing = false;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      // A socket opened while this instance closes (an upgrade sent on a kept-alive connection in
      // the moment before it is swept) would hold the close open: refused, the client tries again,
      // through the load balancer, to another instance.
      if (closing) return callback(null, false);
      // Another site's page is refused before it counts against the address's allowance.
      if (!sameOrigin(request.headers, trustProxy)) return callback(null, false);
      allowHandshake(addressOf(request)).then((allowed) => callback(null, allowed), () => callback(null, false));
    },
  });
  // engine.io keeps each connection's first request (headers, parser state: a few KB) for the
  // socket's whole life. Nothing here needs it once the connection is open: the Origin was checked
  // in allowRequest, and the token comes in the handshake's auth, not its headers (which are left
  // empty). So it is let go, as socket.io's notes on memory suggest.
  io.engine.on('connection', (raw: { request: unknown }) => {
    raw.request = null;
  });
  const redis = app.config.redisUrl ? await redisAdapter(app, io, app.config.redisUrl) : undefined;
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length > 4096) return next(new Error('Unauthorized'));
    resolveToken(app.db, app.config.jwtSecret!, token).then(
      (found) => {
        if (!found) return next(new Error('Unauthorized'));
        socket.data.userId = found.user.id;
        socket.data.sessionId = found.session.id;
        socket.data.expiresAt = found.session.expiresAt.getTime();
        next();
      },
      (error) => {
        // The database is down: the token may be good. A refused handshake (connect_error) is final
        // for socket.io-client, so the connection is closed instead, which its client takes as a
        // lost connection and tries again (backing off up to 5 s) until the database is back; the
        // outage is one warning in the log (errors.ts), not a stack per attempt.
        if (app.noteDatabaseOutage(error, 'socket handshake')) {
          socket.conn.close();
          return next(new Error('Service unavailable')); // ignored by socket.io: the connection is closed
        }
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error('Unauthorized'));
      },
    );
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    void socket.join([userRoom(userId), sessionRoom(socket.data.sessionId as string)]);
    // The newest socket wins: past the allowance, this user's oldest on this instance are closed.
    // The room lists them in the order they joined.
    const mine = [...(io.of('/').adapter.rooms.get(userRoom(userId)) ?? [])];
    for (const id of mine.slice(0, Math.max(0, mine.length - socketsPerUser))) io.of('/').sockets.get(id)?.disconnect(true);
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, (socket.data.expiresAt as number) - Date.now()));
    socket.on('disconnect', () => clearTimeout(expiry));
  });
  app.decorate('io', io);
  // Open websockets would keep the HTTP server from closing: close this instance's connections
  // before Fastify closes the server. Their transports are closed, the sockets are not disconnected:
  // socket.io-client reconnects after a lost transport ('transport close'), to another instance
  // behind the load balancer, but never after a server-side disconnect ('io server disconnect'),
  // which would leave every client of a stopped instance without live events until a page reload.
  app.addHook('preClose', async () => {
    closing = true;
    io.engine.close();
  });
  // Closes adapters too; its second close of the HTTP server only reports "not running".
  app.addHook('onClose', async () => {
    await io.close();
    await redis?.close();
  });
}

/**
 * With REDIS_URL, events reach sockets on every instance: the socket.io Redis adapter publishes
 * each emit and every instance delivers it to its own sockets.
 */
async function redisAdapter(app: FastifyInstance, io: Server, url: string) {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on('error', (error: unknown) => app.log.error({ err: error }, 'redis connection failed'));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  io.adapter(createAdapter(publisher, subscriber));
  return {
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export default fp(realtime, { name: 'realtime', fastify: '5.x', dependencies: ['auth', 'shared-limits', 'errors'] });
