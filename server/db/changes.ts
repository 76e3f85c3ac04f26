import pg from 'pg';
import { parsePayload, type Cache } from './cache.js';

/** The channel on which instances tell each other the names they forget (db/cache.ts, `payloadOf`). */
export const CACHE_CHANNEL = 'need_spot_cache';
const RELISTEN_MS = 1_000;

/**
 * Listens on a connection of its own for the names other instances forget, and forgets them in
 * `cache`; reconnects after a loss. `live` only while listening: the cache keeps nothing meanwhile,
 * and forgets everything when listening again (whatever was forgotten while nobody listened).
 */
export function listenForForgets(connectionString: string, cache: Pick<Cache, 'forgetHere'>) {
  const state = { live: false, stop: async () => {} };
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const lost = (which: pg.Client) => {
    if (which !== client) return;
    state.live = false;
    client = undefined;
    which.end().catch(() => {});
    if (!stopped) timer = setTimeout(connect, RELISTEN_MS);
  };
  function connect() {
    // Keep-alive probes tell a connection that died without closing from one that is quiet.
    const current = (client = new pg.Client({ connectionString, keepAlive: true }));
    current.on('notification', (notice) => {
      for (const [kind, key] of parsePayload(notice.payload ?? '')) cache.forgetHere(kind, key);
    });
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.connect()
      .then(() => current.query(`LISTEN ${CACHE_CHANNEL}`))
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
    state.live = false;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
  return state;
}
