// The embedded database on a thread of its own: PGlite opened on workerData.dir, answering the
// messages of db/pglite-thread.ts (which says why, and what the messages are). Plain JavaScript, so
// that the same file runs as it is under tsx, Jest and from the built server
// (scripts/build-server.mjs copies it next to the bundle), whatever loader the parent has.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The types whose values stay text, as pgliteOptions() in db/client.ts sets them (it sends the list).
const keepText = (value) => value;
const parsers = Object.fromEntries(workerData.textTypes.map((oid) => [oid, keepText]));

/** What a query answers, as plain data a message can carry. */
const resultOf = ({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows });

/** An error as plain data: its message, and every plain field Postgres gave it (code, detail, constraint...). */
function errorOf(error) {
  const plain = (value) => value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value);
  const fields = Object.fromEntries(Object.entries(error ?? {}).filter(([, value]) => plain(value)));
  return { ...fields, name: String(error?.name ?? 'Error'), message: String(error?.message ?? error) };
}

/** Answers message `id` with what `work` resolves to, or with its error. */
async function answer(id, work) {
  try {
    parentPort.postMessage({ id, result: await work() });
  } catch (error) {
    parentPort.postMessage({ id, error: errorOf(error) });
  }
}

const closedTransaction = (message) => parentPort.postMessage({ id: message.id, error: { name: 'Error', message: 'Transaction is closed' } });

const run = (target, { sql, params, rowMode, op }) => (op === 'exec'
  ? target.exec(sql, { rowMode }).then((results) => results.map(resultOf))
  : target.query(sql, params, { rowMode }).then(resultOf));

const database = await PGlite.create(workerData.dir, { parsers, extensions: { pg_trgm } });

/** Open transactions by number: each takes its statements, then its commit or rollback, from a queue. */
const transactions = new Map();

function begin({ id, tx }) {
  const waiting = [];
  let wake;
  transactions.set(tx, (message) => {
    if (wake) {
      const woken = wake;
      wake = undefined;
      woken(message);
    } else {
      waiting.push(message);
    }
  });
  const next = () => (waiting.length > 0 ? Promise.resolve(waiting.shift()) : new Promise((resolve) => { wake = resolve; }));
  let end;
  database.transaction(async (transaction) => {
    parentPort.postMessage({ id, result: null }); // begun: the caller's statements may come
    for (;;) {
      const message = await next();
      if (message.op === 'commit' || message.op === 'rollback') {
        end = message;
        // PGlite rolls a transaction back when its callback throws.
        if (message.op === 'rollback') throw Object.assign(new Error('rolled back'), { rolledBack: true });
        return;
      }
      await answer(message.id, () => run(transaction, message));
    }
  }).then(
    () => parentPort.postMessage({ id: end.id, result: null }),
    (error) => {
      if (end?.op === 'rollback' && error.rolledBack) parentPort.postMessage({ id: end.id, result: null });
      // A failed commit answers the commit; a failed BEGIN, the begin.
      else parentPort.postMessage({ id: end?.id ?? id, error: errorOf(error) });
    },
  ).finally(() => {
    // Statements that came after the end (the caller's thread refuses those it sees first).
    transactions.delete(tx);
    for (const message of waiting.splice(0)) closedTransaction(message);
  });
}

parentPort.on('message', (message) => {
  if (message.tx !== undefined && message.op !== 'begin') {
    const deliver = transactions.get(message.tx);
    return deliver ? deliver(message) : closedTransaction(message);
  }
  if (message.op === 'begin') return begin(message);
  if (message.op === 'close') return answer(message.id, () => database.close().then(() => null));
  return answer(message.id, () => run(database, message));
});
parentPort.postMessage({ ready: true });
