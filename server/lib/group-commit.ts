import { pgErrorCode } from './db-errors.js';

// SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation): an item's fault.
const itemError = (error: unknown) => /^2[23]/.test(pgErrorCode(error) ?? '');

/**
 * Group commit: `write` stores a batch of items in one statement. Items handed in during one turn of
 * the event loop, and those handed in while a batch is being written, go together in the next batch,
 * in the order they came (at most `maxBatch` at a time). On embedded PGlite a batch's statement waits
 * behind the statements already sent to the database's thread (db/pglite-thread.ts); items handed in
 * while it waits or runs form the next one. Under load many items cost one statement (a
 * message costs about a tenth as much in a batch of ten on PGlite); when the server is quiet an
 * item waits only for the end of the current turn.
 *
 * `write` answers one result per item, in the items' order. When a batch fails because of what an
 * item holds (`isItemError`: by default, Postgres's data and integrity errors), each of its items is
 * written again alone, so one bad item fails only its own caller; any other failure (a lost
 * connection: the batch may have been committed) fails the whole batch, never writing an item twice.
 */
export function groupCommit<I, R>(
  write: (items: I[]) => Promise<R[]>,
  { maxBatch = 100, isItemError = itemError }: { maxBatch?: number; isItemError?: (error: unknown) => boolean } = {},
): (item: I) => Promise<R> {
  interface Waiting { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }
  const queue: Waiting[] = [];
  let writing = false;

  const settle = (batch: Waiting[], results: R[]) => {
    if (!Array.isArray(results) || results.length !== batch.length) {
      throw new Error(`group commit: ${Array.isArray(results) ? results.length : 'no'} results for ${batch.length} items`);
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]));
  };

  async function writeBatch(batch: Waiting[]) {
    let results: R[];
    try {
      results = await write(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length === 1 || !isItemError(error)) throw error;
      // One at a time, in order: a sender's messages keep their order.
      for (const waiting of batch) {
        try {
          settle([waiting], await write([waiting.item]));
        } catch (itemError) {
          waiting.reject(itemError);
        }
      }
      return;
    }
    settle(batch, results);
  }

  async function drain() {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          await writeBatch(batch);
        } catch (error) {
          for (const waiting of batch) waiting.reject(error); // a promise already settled stays as it was
        }
      }
    } finally {
      writing = false;
    }
  }

  return (item) => new Promise<R>((resolve, reject) => {
    queue.push({ item, resolve, reject });
    if (!writing) {
      writing = true; // until the queue is empty: a write is scheduled or running
      setImmediate(() => void drain());
    }
  });
}
