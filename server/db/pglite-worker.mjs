// The embedded database on a thread of its own: PGlite opened on workerData.dir (or in memory, from
// workerData.dump when given), answering the messages of db/pglite-thread.ts (which says why, and
// what the messages are), and keeping its own statistics (`maintain` below). Plain JavaScript, so
// that the same file runs as it is under tsx, Jest and from the built server (scripts/build-server.mjs
// copies it next to the bundle), whatever loader the parent has.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The types whose values stay text for drizzle to map (db/pglite-thread.ts sends the list). Set once
// here: PGlite merges a query's own parsers into its table on every call, a cost paid per query.
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

/** Statements and transactions not finished yet: the database is idle at 0 (see `maintain`). */
let busy = 0;
let lastBusy = Date.now();
const started = () => { busy += 1; };
const finished = () => { busy -= 1; lastBusy = Date.now(); };

/** Answers message `id` with what `work` resolves to, or with its error. */
async function answer(id, work, transfer) {
  started();
  try {
    const result = await work();
    parentPort.postMessage({ id, result }, transfer?.(result));
  } catch (error) {
    parentPort.postMessage({ id, error: errorOf(error) });
  } finally {
    finished();
  }
}

const closedTransaction = (message) => parentPort.postMessage({ id: message.id, error: { name: 'Error', message: 'Transaction is closed' } });

const run = (target, { sql, params, rowMode, op }) => (op === 'exec'
  ? target.exec(sql, { rowMode }).then((results) => results.map(resultOf))
  : target.query(sql, params, { rowMode }).then(resultOf));

const options = { parsers, extensions: { pg_trgm } };
// A dump with a directory: a restore (npm run restore), which PGlite refuses unless the directory is empty.
const loadDataDir = workerData.dump ? new Blob([workerData.dump]) : undefined;
const database = workerData.dir
  ? await PGlite.create(workerData.dir, { ...options, loadDataDir })
  : await PGlite.create({ ...options, loadDataDir });

/** The data directory as one tar file (an ArrayBuffer, transferred rather than copied). */
const dumpDataDir = async () => (await database.dumpDataDir('none')).arrayBuffer();
const transferred = (buffer) => [buffer];

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
  started();
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
      if (message.op === 'dump') {
        // A dump inside a transaction (`snapshot` in db/pglite-thread.ts): PGlite's transaction lock,
        // which every other statement and transaction waits for, is held from the transaction's
        // reads to the end of this copy, so nothing is written between them. The CHECKPOINT writes
        // every committed change into the data files first, so that the copy opens without
        // replaying the write-ahead log (the copy would be consistent without it: the log is in it).
        await answer(message.id, async () => {
          await transaction.exec('CHECKPOINT');
          return dumpDataDir();
        }, transferred);
        continue;
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
    finished();
    // Statements that came after the end (the caller's thread refuses those it sees first).
    transactions.delete(tx);
    for (const message of waiting.splice(0)) closedTransaction(message);
  });
}

// Statistics and clean-up, as PostgreSQL's autovacuum gives them, which PGlite has not: without
// ANALYZE the planner guesses every table's size and every word's frequency, and without VACUUM dead
// rows pile up and index-only scans find no page marked all-visible. The tables due are those
// autovacuum would pick, by its own settings and Postgres's own counts of rows changed (pg_stat).
// One table at a time, and only when no statement has run for IDLE_MS, so that a request waits at
// most one table's work (half a second on a board of 100,000 rows, `npm run bench:search`); a
// server that is never idle for that long still gets it after MAX_WAIT_MS.
const CHECK_MS = workerData.maintenanceMs ?? 30_000;
const IDLE_MS = 500;
const MAX_WAIT_MS = 5 * 60_000;
const setting = (name) => `current_setting('autovacuum_${name}')::float8`;
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as name,
    s.n_dead_tup > ${setting('vacuum_threshold')} + ${setting('vacuum_scale_factor')} * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > ${setting('vacuum_insert_threshold')} + ${setting('vacuum_insert_scale_factor')} * greatest(c.reltuples, 0) as vacuum,
    s.n_mod_since_analyze > ${setting('analyze_threshold')} + ${setting('analyze_scale_factor')} * greatest(c.reltuples, 0) as analyze
  from pg_stat_all_tables s join pg_class c on c.oid = s.relid
  -- The catalogs too: every ANALYZE rewrites rows of pg_statistic, which nothing else would clean.
  where s.schemaname in ('public', 'pg_catalog')
  order by s.n_mod_since_analyze + s.n_dead_tup desc`;

/** Runs the work of the tables now due, one after the other; answers what was done and how long each took ({ command: 'VACUUM (ANALYZE) public.needs', ms }). */
async function maintain() {
  // The counts of the statements just run reach pg_stat at the end of this one's transaction.
  await database.query('select pg_stat_force_next_flush()');
  const done = [];
  for (const { name, vacuum, analyze } of (await database.query(DUE)).rows) {
    if (!vacuum && !analyze) continue;
    const command = vacuum ? `VACUUM (ANALYZE) ${name}` : `ANALYZE ${name}`;
    const started = performance.now();
    await database.exec(command);
    done.push({ command, ms: Math.round(performance.now() - started) });
  }
  return done;
}

let dueSince;
async function maintainWhenIdle() {
  dueSince ??= Date.now();
  const idle = busy === 0 && Date.now() - lastBusy >= IDLE_MS;
  if (!idle && Date.now() - dueSince < MAX_WAIT_MS) {
    setTimeout(maintainWhenIdle, IDLE_MS).unref();
    return;
  }
  dueSince = undefined;
  started();
  try {
    await maintain();
  } catch {
    // A failed VACUUM or ANALYZE changes nothing: the next round tries again.
  } finally {
    finished();
  }
  setTimeout(maintainWhenIdle, CHECK_MS).unref();
}
if (CHECK_MS > 0) setTimeout(maintainWhenIdle, CHECK_MS).unref();

parentPort.on('message', (message) => {
  if (message.tx !== undefined && message.op !== 'begin') {
    const deliver = transactions.get(message.tx);
    return deliver ? deliver(message) : closedTransaction(message);
  }
  switch (message.op) {
    case 'begin': return begin(message);
    case 'close': return answer(message.id, () => database.close().then(() => null));
    case 'maintain': return answer(message.id, maintain);
    // The whole database as one file (tests start each file's database from a migrated one).
    case 'dump': return answer(message.id, dumpDataDir, transferred);
    default: return answer(message.id, () => run(database, message));
  }
});
parentPort.postMessage({ ready: true });
