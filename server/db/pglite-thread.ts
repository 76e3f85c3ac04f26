import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/** What db/client.ts asks of PGlite: an instance in this thread, or one on its own thread. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'>;

type Message = { op: 'query' | 'exec'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; tx?: number }
  | { op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { op: 'close' };

/**
 * Embedded PGlite on a worker thread of its own (db/pglite-worker.mjs), spoken to by messages.
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly, and it runs every statement on the thread that
 * asks. In the server's thread, HTTP, JSON and the database take turns on one core, and a request
 * waits for the statements of all the requests read before it and for their HTTP work too. On a
 * thread of its own, the database works while the server reads, answers and serialises. Measured
 * with bench:search's 330 different searches at 10,000 rows per board, 10 connections, on 2 cores,
 * four runs alternating with PGlite in the server's thread: 339 answers a second against 290, p99
 * 46-61 ms against 55-71 ms.
 *
 * Statements run one at a time in the order they were sent (the worker reads its messages in order
 * and PGlite queues them), as a PostgreSQL pool's queue serves them. A transaction's statements go
 * to the worker tagged with the transaction, which runs them inside PGlite's transaction until the
 * commit or rollback message; meanwhile PGlite keeps every other statement waiting, as it does in
 * this thread. Values and errors cross as plain data: rows, fields, and an error's message with
 * every field Postgres gave it (code, constraint, detail...).
 */
export async function startPgliteThread(workerFile: URL, dir: string, textTypes: number[]): Promise<PgliteClient> {
  const worker = new Worker(workerFile, { workerData: { dir, textTypes } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let lastTx = 0;
  let broken: Error | undefined;

  const fail = (error: Error) => {
    broken ??= error;
    for (const { reject } of waiting.values()) reject(broken);
    waiting.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  worker.on('message', (answer: { id?: number; result?: unknown; error?: Record<string, unknown> & { message: string } }) => {
    const call = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id!);
    if (answer.error) call.reject(Object.assign(new Error(answer.error.message), answer.error));
    else call.resolve(answer.result);
  });
  await ready;

  const send = <T>(message: Message) => new Promise<T>((resolve, reject) => {
    if (broken) return reject(broken);
    const id = ++lastId;
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker.postMessage({ ...message, id });
  });
  // Per-query parsers are functions, which no message carries; the worker has the client's own.
  const statements = (tx?: number) => ({
    query: <T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) => send<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, tx }),
    exec: (sql: string, options?: { rowMode?: 'array' | 'object' }) => send<Results[]>({ op: 'exec', sql, rowMode: options?.rowMode, tx }),
  });

  return {
    ...statements(),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = ++lastTx;
      await send({ op: 'begin', tx });
      let value: T;
      try {
        value = await callback(statements(tx) as unknown as Transaction);
      } catch (error) {
        await send({ op: 'rollback', tx });
        throw error;
      }
      await send({ op: 'commit', tx });
      return value;
    },
    async close() {
      await send({ op: 'close' });
      broken = new Error('The embedded database is closed');
      await worker.terminate();
    },
  } as PgliteClient;
}
