import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/** What drizzle asks of PGlite, and what the thread does besides. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'> & {
  /** Runs the VACUUM and ANALYZE now due (db/pglite-worker.mjs says when it runs them of itself); answers the commands run, and how long each took. */
  maintain(): Promise<Array<{ command: string; ms: number }>>;
  /** The whole database as one file, for `dump` of a later thread (tests start from a migrated one). */
  dump(): Promise<ArrayBuffer>;
  /**
   * `read` in a transaction, then the data directory as one tar file before that transaction ends:
   * no statement of anyone else's runs in between, and none is half done (backups: the table
   * checksums `read` computes describe exactly the data the dump holds).
   */
  snapshot<T>(read: (tx: Transaction) => Promise<T>): Promise<{ read: T; dump: ArrayBuffer }>;
};

type Message = { op: 'query' | 'exec'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'dump'; tx?: number }
  | { op: 'close' | 'maintain' };

export interface PgliteThreadOptions {
  /** PGlite's files; in memory when unset. */
  dir?: string;
  /**
   * Start from this database (a `dump()`, an uncompressed tar): in memory, or with `dir`, written
   * into that directory first, which must hold no database (a restore). Transferred to the thread,
   * so unusable here after.
   */
  dump?: ArrayBuffer;
  /** How often the thread checks whether VACUUM or ANALYZE is due (0: never of itself). Default 30 s. */
  maintenanceMs?: number;
  /** Told if the thread stops without being closed (every statement fails from then on): the server stops, for its supervisor to start it again. */
  onLost?: (error: Error) => void;
}

// Types whose values PGlite hands over as text, for drizzle to map as it maps node-postgres' (by OID):
// timestamp, timestamptz, interval, date, then numeric[] and those four types' arrays.
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * Embedded PGlite on a worker thread of its own (db/pglite-worker.mjs), spoken to by messages.
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly, and it runs every statement on the thread that
 * asks. In the server's thread, HTTP, JSON and the database take turns on one core, and a request
 * waits for the statements of all the requests read before it and for their HTTP work too. On a
 * thread of its own, the database works while the server reads, answers and serialises. Measured
 * on 2 cores against PGlite in the server's thread, same code otherwise: 10 connections creating
 * needs, 613 a second against 241; bench:search's 330 different searches at 100,000 rows per board,
 * 121 a second against 94 (p99 121 against 155 ms); at 10,000 rows and bench:api, about the same.
 *
 * Statements run one at a time in the order they were sent (the worker reads its messages in order
 * and PGlite queues them), as a PostgreSQL pool's queue serves them. A transaction's statements go
 * to the worker tagged with the transaction, which runs them inside PGlite's transaction until the
 * commit or rollback message; meanwhile PGlite keeps every other statement waiting, as it does in
 * this thread. Values and errors cross as plain data: rows, fields, and an error's message with
 * every field Postgres gave it (code, constraint, detail...).
 *
 * The server, the benches and the tests all run PGlite so: the tests in memory, each file starting
 * from a migrated database (`dump`).
 */
export async function startPgliteThread(workerFile: URL, { dir, dump, maintenanceMs, onLost }: PgliteThreadOptions = {}): Promise<PgliteClient> {
  const worker = new Worker(workerFile, { workerData: { dir, dump, maintenanceMs, textTypes: TEXT_TYPES }, transferList: dump ? [dump] : [] });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let lastTx = 0;
  /** Why no statement can be sent any more: the thread failed or stopped, or close() was called. */
  let refused: Error | undefined;
  let closing = false;

  const fail = (error: Error) => {
    refused ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const started = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database's thread stopped while starting (exit code ${code})`)));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (closing) return;
    const error = new Error(`The embedded database's thread stopped (exit code ${code})`);
    fail(error);
    onLost?.(error);
  });
  worker.on('message', (answer: { id?: number; result?: unknown; error?: Record<string, unknown> & { message: string } }) => {
    const call = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id!);
    if (answer.error) call.reject(Object.assign(new Error(answer.error.message), answer.error));
    else call.resolve(answer.result);
  });
  await started;

  const send = <T>(message: Message) => new Promise<T>((resolve, reject) => {
    if (refused) return reject(refused);
    const id = ++lastId;
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    try {
      worker.postMessage({ ...message, id });
    } catch (error) {
      // A parameter no message can carry (a function, a class instance's methods...).
      waiting.delete(id);
      reject(error as Error);
    }
  });
  // Per-query parsers are functions, which no message carries; the worker has the client's own.
  const statements = (tx?: number, ended?: () => boolean) => {
    const open = <T>(message: Message) => (ended?.() ? Promise.reject(new Error('Transaction is closed')) : send<T>(message));
    return {
      query: <T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) => open<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, tx }),
      exec: (sql: string, options?: { rowMode?: 'array' | 'object' }) => open<Results[]>({ op: 'exec', sql, rowMode: options?.rowMode, tx }),
    };
  };

  async function transaction<T>(callback: (tx: Transaction, number: number) => Promise<T>): Promise<T> {
    const tx = ++lastTx;
    await send({ op: 'begin', tx });
    // As PGlite in this thread: a statement the callback sends after it has ended is refused.
    let ended = false;
    let value: T;
    try {
      value = await callback(statements(tx, () => ended) as unknown as Transaction, tx);
    } catch (error) {
      ended = true;
      await send({ op: 'rollback', tx });
      throw error;
    }
    ended = true;
    await send({ op: 'commit', tx });
    return value;
  }

  return {
    ...statements(),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => transaction(callback),
    maintain: () => send<Array<{ command: string; ms: number }>>({ op: 'maintain' }),
    dump: () => send<ArrayBuffer>({ op: 'dump' }),
    // The dump goes to the worker tagged with the transaction, which takes it in turn (pglite-worker.mjs).
    snapshot: <T>(read: (tx: Transaction) => Promise<T>) => transaction(async (tx, number) => {
      const value = await read(tx);
      return { read: value, dump: await send<ArrayBuffer>({ op: 'dump', tx: number }) };
    }),
    async close() {
      // Statements sent before this are answered first; any sent after it are refused here.
      const closed = send({ op: 'close' });
      refused = new Error('The embedded database is closed');
      closing = true;
      await closed;
      await worker.terminate();
    },
  } as PgliteClient;
}
