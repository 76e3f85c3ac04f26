import { act } from '@testing-library/react';
import type { RealtimeSocket } from '@/shared/api/realtime';

/**
 * The server's side of the realtime socket in client tests: every socket the app opens connects here
 * (setup-client.ts installs it), and a test pushes events with `emit` as the server would, or
 * `reconnect` to play a dropped connection coming back.
 */
class FakeSocket implements RealtimeSocket {
  closed = false;
  connected = false;
  private listeners = new Map<string, Array<(reason: string) => void>>();
  private anyListeners: Array<(event: string, payload: unknown) => void> = [];
  /** What the app sent the server (rooms joined and left), in order. */
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  constructor(readonly token: string) {}
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.sent.push({ event, payload });
    // The server lets it in (a test that needs a refusal reads `sent` and answers itself).
    if (ack) setTimeout(() => act(() => ack({ ok: true })), 0);
    return this;
  }
  on(event: string, listener: (reason: string) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  onAny(listener: (event: string, payload: unknown) => void) {
    this.anyListeners.push(listener);
    return this;
  }
  close() {
    this.closed = true;
    return this;
  }
  fire(event: string, reason = '') {
    this.connected = event === 'connect';
    for (const listener of this.listeners.get(event) ?? []) listener(reason);
  }
  deliver(event: string, payload: unknown) {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}

const sockets: FakeSocket[] = [];

export const fakeRealtime = {
  async connect(_origin: string, token: string): Promise<RealtimeSocket> {
    const socket = new FakeSocket(token);
    sockets.push(socket);
    setTimeout(() => socket.fire('connect'), 0);
    return socket;
  },
  /** The sockets open now. */
  open: () => sockets.filter((socket) => !socket.closed),
  /** What the app sent the server on its open sockets (rooms joined and left), in order. */
  sent: () => sockets.filter((socket) => !socket.closed).flatMap((socket) => socket.sent),
  /** An event from the server to every open socket. */
  emit(event: string, payload: unknown) {
    // In act(): the cache updates it causes re-render the screens before the test looks.
    act(() => {
      for (const socket of sockets) if (!socket.closed) socket.deliver(event, payload);
    });
  },
  /** The connection dropped and came back: socket.io fires 'connect' again. */
  reconnect() {
    act(() => {
      for (const socket of sockets) if (!socket.closed) socket.fire('connect');
    });
  },
  /** The server dropped every socket on purpose (socket.io's reason 'io server disconnect'): a session ended. */
  drop() {
    act(() => {
      for (const socket of sockets) if (!socket.closed) socket.fire('disconnect', 'io server disconnect');
    });
  },
  reset() {
    for (const socket of sockets) socket.close();
    sockets.length = 0;
  },
};
