import { selectToken, type SessionState } from '../auth';
import { getBackendOrigin } from '../config';
import { onSessionEnd } from './session-hooks';

/** What the app needs of a socket.io client socket (tests give a fake one: `setRealtimeConnector`). */
export interface RealtimeSocket {
  /** True once connected (socket.io-client's own flag). */
  readonly connected?: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  onAny(listener: (event: string, payload: unknown) => void): unknown;
  /** A message to the server, with socket.io's acknowledgement callback (a room joined). */
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): unknown;
  close(): unknown;
}

type Connector = (origin: string, token: string) => Promise<RealtimeSocket>;

// socket.io-client loads on first use, in its own chunk: never in the initial JS.
const socketIo: Connector = async (origin, token) => {
  const { io } = await import('socket.io-client');
  // The token authenticates the socket (never a user id: the server ignores one); WebSocket only,
  // so a load balancer needs no sticky sessions.
  return io(origin, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
};
let connector: Connector = socketIo;

/** Tests replace the socket.io client with a fake; `undefined` puts the real one back. */
export function setRealtimeConnector(next: Connector | undefined): void {
  connector = next ?? socketIo;
}

export interface RealtimeSubscription {
  /** Handlers by server event ('new-message', 'notification', ...). */
  events: Partial<Record<string, (payload: unknown) => void>>;
  /** After a reconnect: what was missed while the socket was down must be read again. */
  onResync?: () => void;
  /**
   * A room of the server's to be in while subscribed (a whisper's comments: 'whisper:watch' with
   * its id): joined once the socket is connected and again after every reconnect (a new connection
   * is in no room), left ('leave' with the same payload) when the subscriber leaves. `onJoined`
   * hears whether the server let the socket in.
   */
  room?: { join: string; leave: string; payload: unknown; onJoined?: (ok: boolean) => void };
}

function joinRoom(socket: RealtimeSocket, { room }: RealtimeSubscription): void {
  if (!room) return;
  socket.emit(room.join, room.payload, (answer: unknown) => {
    room.onJoined?.(typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true);
  });
}

interface Connection {
  token: string;
  socket: Promise<RealtimeSocket>;
  subscriptions: Set<RealtimeSubscription>;
}
let connection: Connection | null = null;

/** Closes the socket (its subscribers stay registered with nobody): a session's end, or a test's. */
export function closeRealtime(): void {
  const closing = connection;
  connection = null;
  void closing?.socket.then((socket) => socket.close(), () => {});
}
// Every way a session ends (logout, deletion, a refused token) closes the socket.
onSessionEnd(closeRealtime);

function open(token: string): Connection {
  const subscriptions = new Set<RealtimeSubscription>();
  const socket = connector(getBackendOrigin(), token).then((opened) => {
    // Already connected by the time this runs: the next 'connect' is a reconnect.
    let connectedBefore = opened.connected === true;
    opened.on('connect', () => {
      for (const subscription of [...subscriptions]) joinRoom(opened, subscription);
      if (connectedBefore) for (const subscription of [...subscriptions]) subscription.onResync?.();
      connectedBefore = true;
    });
    // The server dropped this socket on purpose: its session ended elsewhere (a password change, a
    // logout of all devices) or expired. Reading again now makes the refused token end the session
    // here too, at once, instead of at the user's next click.
    opened.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') for (const subscription of [...subscriptions]) subscription.onResync?.();
    });
    opened.onAny((event, payload) => {
      for (const subscription of [...subscriptions]) subscription.events[event]?.(payload);
    });
    return opened;
  });
  socket.catch(() => {
    if (connection?.socket === socket) connection = null;
  });
  return { token, socket, subscriptions };
}

/**
 * Listens to the signed-in user's realtime events over the one socket (opened by the first
 * subscriber, closed when the last one leaves or the session ends). Returns the unsubscribe.
 */
export function subscribeRealtime(token: string, subscription: RealtimeSubscription): () => void {
  if (connection && connection.token !== token) closeRealtime();
  connection ??= open(token);
  const mine = connection;
  mine.subscriptions.add(subscription);
  // Connected already: its room now (otherwise the 'connect' handler joins it).
  if (subscription.room) {
    void mine.socket.then((socket) => {
      if (socket.connected && mine.subscriptions.has(subscription)) joinRoom(socket, subscription);
    }, () => {});
  }
  return () => {
    mine.subscriptions.delete(subscription);
    const { room } = subscription;
    if (room && connection === mine && mine.subscriptions.size > 0) {
      void mine.socket.then((socket) => socket.emit(room.leave, room.payload), () => {});
    }
    if (mine.subscriptions.size === 0 && connection === mine) closeRealtime();
  };
}

/** What `subscribeWhileCached` needs of an RTK Query cache entry's lifecycle (`onCacheEntryAdded`). */
interface CacheEntryLifecycle {
  getState: () => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Keeps a cached query live: once its first answer came, the session's realtime events reach
 * `subscription` until the cache entry is removed. Nothing without a session, or when the first
 * answer never came.
 */
export async function subscribeWhileCached(lifecycle: CacheEntryLifecycle, subscription: RealtimeSubscription): Promise<void> {
  const token = selectToken(lifecycle.getState() as { session: SessionState });
  if (!token) return;
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const unsubscribe = subscribeRealtime(token, subscription);
  await lifecycle.cacheEntryRemoved;
  unsubscribe();
}
