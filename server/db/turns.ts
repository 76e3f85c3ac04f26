import { setImmediate as eventLoopTurn } from 'node:timers/promises';

/**
 * Embedded PGlite's statements, handed out one at a time in the order they were asked for, with a
 * turn of the event loop before each (`setImmediate`: its callbacks run after Node's poll for I/O).
 *
 * Why: PGlite runs each statement on this process's one thread, inside the promise chain of the
 * request that asked for it, and one statement's end starts the next waiting one at once. Under load
 * Node then reads new requests only between rounds of the requests it read last time, and Linux's
 * epoll hands the ready connections back in the order it reported them before, not the order their
 * requests came in: a connection whose request lands just after a round began waits for that round
 * and most of the next. Measured with bench:search's stream of different searches at 10
 * connections: one connection at a time answered in about twice the median (p99 67 ms, median 28).
 * With a turn between statements, a request that arrived while one ran is read before the next one
 * starts (or, when that one was started from the same poll, the one after) and queues behind those
 * already waiting: served in order of arrival, as a PostgreSQL pool's queue serves them (p99 52-58
 * ms in the same runs; two turns between statements did worse). A request that needs several
 * statements queues for each, as it does for a pool's connections.
 *
 * Only the statements of the database's own client take turns: those inside a transaction run
 * within its turn (PGlite keeps every other statement out until the transaction ends anyway).
 *
 * The server itself now runs PGlite on a thread of its own (db/pglite-thread.ts), where the worker's
 * queue of messages keeps this order and this thread's event loop is never held by a statement: the
 * turns serve PGlite run in this thread (the tests, and callers that give no worker).
 */
export function takingTurns(): <T>(run: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>) => {
    const mine = last.then(() => eventLoopTurn()).then(run);
    // The next one waits for this one to end, failed or not.
    last = mine.catch(() => undefined);
    return mine;
  };
}
