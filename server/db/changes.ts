import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { markerOf, parsePayload, type Cache } from './cache.js';

/** The channel on which instances tell each other the names they forget (db/cache.ts, `payloadOf`). */
export const CACHE_CHANNEL = 'need_spot_cache';
const RELISTEN_MS = 1_000;
/**
 * Where each instance acknowledges a marked notice (db/cache.ts) once it has forgotten its names,
 * from its listening connection: the notice's `processId` says which. That connection goes by
 * LISTENER_NAME once it listens, so that an instance writing can name the listeners to wait for
 * (db/client.ts, from pg_stat_activity).
 */
export const ACK_CHANNEL = 'need_spot_cache_ack';
export const LISTENER_NAME = 'need_spot_cache';
/** How long a write waits: an instance that has not acknowledged by then (stalled, its connection half dead) is given up on. */
const HEARD_WAIT_MS = 2_000;
/**
 * Set on the listening connection after connecting (so that DATABASE_URL's own application_name
 * cannot hide it), with the server's keep-alive probes and TCP user timeout: a listener whose
 * instance vanished without closing its connection (a host lost, a partition) is dropped within
 * about 30 s instead of the system's hours, and no longer waited for.
 */
const LISTENER_SETTINGS = [
  'SET tcp_keepalives_idle = 10', 'SET tcp_keepalives_interval = 5', 'SET tcp_keepalives_count = 3', 'SET tcp_user_timeout = 15000',
  `LISTEN ${CACHE_CHANNEL}`, `LISTEN ${ACK_CHANNEL}`, `SET application_name = '${LISTENER_NAME}'`,
].join('; ');

/** A wait for the acknowledgements of one marked notice (`heard`). */
export interface Acknowledgements {
  /** Goes at the end of the notice (`#` and this instance's listener pid, so it knows its own, and a random id). */
  marker: string;
  /** The other listeners' pids, counted as the notice was sent (db/client.ts): the ones to wait for. */
  expect(others: number[]): void;
  /** Resolves once each of them has acknowledged, or after HEARD_WAIT_MS. */
  settled: Promise<void>;
}

/**
 * Listens on a connection of its own for the names other instances forget, and forgets them in
 * `cache`; reconnects after a loss. `live` only while listening: the cache keeps nothing meanwhile,
 * and forgets everything when listening again (whatever was forgotten while nobody listened).
 */
export function listenForForgets(connectionString: string, cache: Pick<Cache, 'forgetHere'>, connectionTimeoutMs: number) {
  // Markers waited for: the listeners that acknowledged so far, those expected (once counted), the end of the wait.
  const waiting = new Map<string, { acked: Set<number>; expected?: number[]; done: () => void }>();
  const check = (marker: string) => {
    const wait = waiting.get(marker);
    if (wait?.expected?.every((pid) => wait.acked.has(pid))) wait.done();
  };
  const state = {
    live: false,
    /** The backend pid of this instance's listening connection (0 while none): not one of the others. */
    pid: 0,
    stop: async () => {},
    /**
     * Starts waiting for the other instances' acknowledgements of a notice about to be sent (so that
     * none comes first). Undefined while this instance does not listen: it could not hear them, and
     * the notice goes unmarked (the others still forget its names, a few milliseconds later).
     */
    heard: (): Acknowledgements | undefined => {
      if (!state.live) return undefined;
      const marker = `#${state.pid}.${randomUUID()}`;
      let expect: (others: number[]) => void = () => {};
      const settled = new Promise<void>((resolve) => {
        const timer = setTimeout(done, HEARD_WAIT_MS);
        function done() {
          clearTimeout(timer);
          waiting.delete(marker);
          resolve();
        }
        const wait: { acked: Set<number>; expected?: number[]; done: () => void } = { acked: new Set(), done };
        waiting.set(marker, wait);
        expect = (others) => {
          wait.expected = others;
          check(marker);
        };
      });
      return { marker, expect: (others) => expect(others), settled };
    },
  };
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = (which: pg.Client) => {
    if (which !== client) return;
    state.live = false;
    state.pid = 0;
    client = undefined;
    which.end().catch(() => {});
    if (!stopped) timer = setTimeout(connect, RELISTEN_MS);
  };
  function connect() {
    // Keep-alive probes tell a connection that died without closing from one that is quiet. The
    // connect is bounded as the pool's is: against a database that accepts and never answers, it
    // would wait for ever, and so would the app's close (ending a client that is still connecting
    // waits for the server to hang up).
    const current = (client = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: connectionTimeoutMs }));
    current.on('notification', (notice) => {
      if (notice.channel === ACK_CHANNEL) {
        const wait = waiting.get(notice.payload ?? '');
        if (wait) {
          wait.acked.add(notice.processId);
          check(notice.payload!);
        }
        return;
      }
      for (const [kind, key] of parsePayload(notice.payload ?? '')) cache.forgetHere(kind, key);
      // Forgotten here (synchronously, above): the instance that waits may answer its client now.
      // Not for this instance's own notices (their marker names its pid): it forgot their names at its commit.
      const marker = markerOf(notice.payload ?? '');
      if (marker && !marker.startsWith(`#${state.pid}.`)) current.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, marker]).catch(() => {});
    });
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.connect()
      .then(() => current.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
      .then(async ({ rows }) => {
        if (current === client) state.pid = rows[0].pid;
        await current.query(LISTENER_SETTINGS);
      })
      .then(() => {
        if (current !== client) return;
        cache.forgetHere();
        state.live = true;
      })
      .catch(() => lost(current));
  }
  connect();
  state.stop = async () => {
    stopped = true;
    for (const { done } of [...waiting.values()]) done();
    state.live = false;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
  return state;
}
