import pg from 'pg';
import { markerOf, parsePayload, type Cache } from './cache.js';

/** The channel on which instances tell each other the names they forget (db/cache.ts, `payloadOf`). */
export const CACHE_CHANNEL = 'need_spot_cache';
const RELISTEN_MS = 1_000;
/**
 * Where each instance acknowledges a marked notice (db/cache.ts, `forgetEverywhere`) once it has
 * forgotten its names, and the application_name its listening connection goes by, so that the
 * instance waiting can count how many acknowledgements to wait for.
 */
export const ACK_CHANNEL = 'need_spot_cache_ack';
export const LISTENER_NAME = 'need_spot_cache';
/** How long `heard` waits: an instance that has not acknowledged by then (stalled, its listener lost) is given up on. */
const HEARD_WAIT_MS = 2_000;

/**
 * Listens on a connection of its own for the names other instances forget, and forgets them in
 * `cache`; reconnects after a loss. `live` only while listening: the cache keeps nothing meanwhile,
 * and forgets everything when listening again (whatever was forgotten while nobody listened).
 */
export function listenForForgets(connectionString: string, cache: Pick<Cache, 'forgetHere'>) {
  // Markers waited for: the acknowledgements heard so far, how many are expected (once counted), the end of the wait.
  const waiting = new Map<string, { acks: number; expected?: number; done: () => void }>();
  const check = (marker: string) => {
    const wait = waiting.get(marker);
    if (wait && wait.expected !== undefined && wait.acks >= wait.expected) wait.done();
  };
  const state = {
    live: false,
    /** The backend pid of this instance's listening connection (0 while none): not one of the others. */
    pid: 0,
    stop: async () => {},
    /**
     * Waits for the other instances' acknowledgements of a notice carrying `marker` (each sends one
     * once it has forgotten its names): `expect` gives how many (counted when the notice was sent,
     * db/client.ts), `settled` resolves once they have come, or after HEARD_WAIT_MS. Called before
     * the notice is sent, so that no acknowledgement comes first.
     */
    heard: (marker: string) => {
      let expect: (others: number) => void = () => {};
      const settled = new Promise<void>((resolve) => {
        const timer = setTimeout(done, HEARD_WAIT_MS);
        function done() {
          clearTimeout(timer);
          waiting.delete(marker);
          resolve();
        }
        const wait: { acks: number; expected?: number; done: () => void } = { acks: 0, done };
        waiting.set(marker, wait);
        expect = (others) => {
          wait.expected = others;
          check(marker);
        };
      });
      return { expect: (others: number) => expect(others), settled };
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
    // Keep-alive probes tell a connection that died without closing from one that is quiet.
    const current = (client = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_NAME }));
    current.on('notification', (notice) => {
      if (notice.channel === ACK_CHANNEL) {
        const wait = waiting.get(notice.payload ?? '');
        if (wait) {
          wait.acks += 1;
          check(notice.payload!);
        }
        return;
      }
      for (const [kind, key] of parsePayload(notice.payload ?? '')) cache.forgetHere(kind, key);
      // Forgotten here (synchronously, above): the instance that waits may answer its client now.
      // Not for this instance's own notices: it forgot their names at its commit.
      const marker = markerOf(notice.payload ?? '');
      if (marker && !waiting.has(marker)) current.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, marker]).catch(() => {});
    });
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.connect()
      .then(() => current.query(`LISTEN ${CACHE_CHANNEL}; LISTEN ${ACK_CHANNEL}`))
      .then(() => current.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
      .then(({ rows }) => {
        if (current !== client) return;
        state.pid = rows[0].pid;
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
