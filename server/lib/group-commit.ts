/**
 * Group commit: `write` stores a batch of items in one statement. Items handed in during one turn of
 * the event loop, and those handed in while a batch is being written, go together in the next batch,
 * in the order they came (at most `maxBatch` at a time). Embedded PGlite runs each statement on this
 * thread, so a statement never waits for another there: the batch forms while the turn's other
 * requests (those already received) reach their write. Under load many items cost one statement (a
 * message costs about a tenth as much in a batch of ten on PGlite); when the server is quiet an
 * item waits only for the end of the current turn.
 *
 * `write` answers one result per item, in the items' order. When a batch fails, each of its items
 * is written again alone, so one bad item fails only its own caller.
 */
export function groupCommit<I, R>(write: (items: I[]) => Promise<R[]>, { maxBatch = 100 } = {}): (item: I) => Promise<R> {
  interface Waiting { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }
  const queue: Waiting[] = [];
  let writing = false;

  const writeAlone = async (waiting: Waiting) => {
    try {
      const [result] = await write([waiting.item]);
      waiting.resolve(result);
    } catch (error) {
      waiting.reject(error);
    }
  };

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      if (batch.length === 1) {
        await writeAlone(batch[0]);
        continue;
      }
      let results: R[] | undefined;
      try {
        results = await write(batch.map((waiting) => waiting.item));
      } catch {
        await Promise.all(batch.map(writeAlone));
        continue;
      }
      if (results.length !== batch.length) {
        const error = new Error(`group commit: ${results.length} results for ${batch.length} items`);
        for (const waiting of batch) waiting.reject(error);
        continue;
      }
      batch.forEach((waiting, index) => waiting.resolve(results[index]));
    }
    writing = false;
  }

  return (item) => new Promise<R>((resolve, reject) => {
    queue.push({ item, resolve, reject });
    if (!writing) {
      writing = true; // until the queue is empty: a write is scheduled or running
      setImmediate(() => void drain());
    }
  });
}
