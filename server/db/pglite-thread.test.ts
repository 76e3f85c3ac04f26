import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../test/test-database.js';
import { createDatabase, rowsOf, type Database } from './client.js';
import { startPgliteThread } from './pglite-thread.js';
import { users } from './schema.js';

// Jest runs this file as CommonJS (babel-jest): __dirname is server/db, where the worker lives.
const pgliteWorker = pathToFileURL(path.join(__dirname, 'pglite-worker.mjs'));
let phones = 0;
/** A contact number no other user of the file has (the column is unique). */
const phone = () => `+1555000${String(++phones).padStart(4, '0')}`;

/** Time enough to start PGlite (twice, where a test reopens its files) while other test files run. */
const STARTS = 60_000;

let dataDir: string;
let database: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ns-pglite-thread-'));
  database = await createDatabase({ dataDir, pgliteWorker, maintenanceMs: 0 });
  await database.migrate(migrationsFolder);
}, STARTS); // a thread, PGlite and every migration: seconds on a busy machine

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const addUser = (username: string) => database.db.insert(users)
  .values({ username, email: `${username}@example.com`, firstName: 'Ada', lastName: 'Thread', contactNumber: phone(), passwordHash: 'x' })
  .returning({ id: users.id });

describe('embedded PGlite on a thread of its own', () => {
  it('answers drizzle as PGlite in this thread does: rows, typed columns, times as text, JSON as values', async () => {
    const [{ id }] = await addUser('threaded');
    const [row] = await database.db.select({ id: users.id, username: users.username, createdAt: users.createdAt }).from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ id, username: 'threaded' });
    // Times come as text, which drizzle maps to a Date, as it does with PostgreSQL.
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const [values] = rowsOf<{ day: string; doc: unknown; count: number }>(
      await database.db.execute(sql`select date '2026-11-26' as day, '{"a":[1,2]}'::jsonb as doc, 3::int as count`),
    );
    expect(values).toEqual({ day: '2026-11-26', doc: { a: [1, 2] }, count: 3 });
  });

  it('answers each caller with its own statement, many sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)));
    expect(answers.map((answer) => rowsOf<{ n: number }>(answer)[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("fails a statement with Postgres' fields (code, constraint) for its caller alone, and goes on", async () => {
    await addUser('twice');
    const failure = await addUser('twice').then(() => undefined, (error: unknown) => error as Error & { cause?: Record<string, unknown> });
    expect(failure).toBeInstanceOf(Error);
    expect(failure?.cause).toMatchObject({ code: '23505', constraint: expect.stringMatching(/^users_(username|email)_lower_key$/) });
    expect(rowsOf(await database.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
  });

  it('commits a transaction whole, and rolls it back whole when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ username: 'committed', email: 'committed@example.com', firstName: 'A', lastName: 'B', contactNumber: phone(), passwordHash: 'x' });
      await tx.update(users).set({ bio: 'both' }).where(eq(users.username, 'committed'));
    });
    await expect(database.db.transaction(async (tx) => {
      await tx.insert(users).values({ username: 'rolled', email: 'rolled@example.com', firstName: 'A', lastName: 'B', contactNumber: phone(), passwordHash: 'x' });
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    const names = await database.db.select({ username: users.username, bio: users.bio }).from(users).where(sql`${users.username} in ('committed', 'rolled')`);
    expect(names).toEqual([{ username: 'committed', bio: 'both' }]);
  });

  it('keeps a statement asked for outside a running transaction waiting until it ends', async () => {
    await addUser('inside');
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      outside = database.db.execute(sql`select bio from users where username = 'inside'`);
      await tx.update(users).set({ bio: 'changed inside' }).where(eq(users.username, 'inside'));
    });
    // PGlite has one session: run at once, it would have run within the transaction, before the change.
    expect(rowsOf(await outside)).toEqual([{ bio: 'changed inside' }]);
  });

  it("refuses a transaction's statements once it has ended, as PGlite does in this thread", async () => {
    let ended: { execute: typeof database.db.execute } | undefined;
    await database.db.transaction(async (tx) => {
      ended = tx;
    });
    await expect(ended!.execute(sql`select 1`)).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'Transaction is closed' }) });
  });

  it('keeps a transaction within a transaction (a savepoint): its rollback leaves the outer one whole', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ username: 'outer', email: 'outer@example.com', firstName: 'A', lastName: 'B', contactNumber: phone(), passwordHash: 'x' });
      await expect(tx.transaction(async (inner) => {
        await inner.insert(users).values({ username: 'inner', email: 'inner@example.com', firstName: 'A', lastName: 'B', contactNumber: phone(), passwordHash: 'x' });
        throw new Error('not this one');
      })).rejects.toThrow('not this one');
    });
    const names = await database.db.select({ username: users.username }).from(users).where(sql`${users.username} in ('outer', 'inner')`);
    expect(names).toEqual([{ username: 'outer' }]);
  });

  it('fails the commit of a transaction a failed statement has aborted, and goes on', async () => {
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 / 0`).catch(() => undefined);
    })).rejects.toMatchObject({ code: '25P02' });
    expect(rowsOf(await database.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
  });

  it('closes after the statements already sent, refuses later ones, and leaves what it wrote in DATA_DIR', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ns-pglite-thread-'));
    try {
      const thread = await startPgliteThread(pgliteWorker, { dir });
      await thread.exec('create table kept (word text)');
      const sent = thread.query("insert into kept values ('written')");
      await thread.close();
      await expect(sent).resolves.toMatchObject({ affectedRows: 1 });
      await expect(thread.query('select 1')).rejects.toThrow('The embedded database is closed');
      // The same files, opened again.
      const again = await startPgliteThread(pgliteWorker, { dir });
      try {
        expect((await again.query('select word from kept')).rows).toEqual([{ word: 'written' }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, STARTS);

  it('starts in memory from the dump of another database (as each test file starts from a migrated one)', async () => {
    await addUser('dumped');
    const copy = await startPgliteThread(pgliteWorker, { dump: await database.pglite!.dump() });
    try {
      expect((await copy.query("select username from users where username = 'dumped'")).rows).toEqual([{ username: 'dumped' }]);
      await copy.query("delete from users where username = 'dumped'");
      expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from users where username = 'dumped'`))).toEqual([{ n: 1 }]);
    } finally {
      await copy.close();
    }
  }, STARTS);

  it('snapshots a read and a dump of the data directory at one point: after the transaction open, before the write asked meanwhile', async () => {
    await database.db.execute(sql`create table snapped (n int)`);
    let began!: () => void;
    let release!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    // A transaction open when the snapshot is asked for: it ends first, and comes in whole.
    const open = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into snapped values (1)`);
      began();
      await held;
      await tx.execute(sql`insert into snapped values (2)`);
    });
    await begun;
    const snapshot = database.pglite!.snapshot(async (tx) => (await tx.query<{ n: number }>('select n from snapped order by n')).rows.map((row) => row.n));
    // A write asked for while the snapshot waits or runs: after it, in neither the read nor the dump.
    const later = database.db.execute(sql`insert into snapped values (3)`);
    release();
    const { read, dump } = await snapshot;
    await Promise.all([open, later]);
    expect(read).toEqual([1, 2]);
    // The dump, written into an empty directory (a restore), opens with what the read saw.
    const dir = mkdtempSync(path.join(tmpdir(), 'ns-pglite-snapshot-'));
    try {
      const restored = await startPgliteThread(pgliteWorker, { dir: path.join(dir, 'pglite'), dump, maintenanceMs: 0 });
      try {
        expect((await restored.query<{ n: number }>('select n from snapped order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      } finally {
        await restored.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from snapped`))).toEqual([{ n: 3 }]);
  }, STARTS);

  it('runs VACUUM and ANALYZE on the tables autovacuum would pick, and nothing on the others', async () => {
    await database.db.execute(sql`create table grown (n int)`);
    await database.db.execute(sql`create table small (n int)`);
    await database.db.execute(sql`insert into grown select generate_series(1, 2000)`);
    await database.db.execute(sql`insert into small values (1)`);
    // 2,000 rows added: past autovacuum's 1,000 inserts and 50 changes on a table it never counted; 1 row is not.
    const commands = async () => (await database.pglite!.maintain()).map((job) => job.command);
    const first = await commands();
    expect(first).toEqual(expect.arrayContaining(['VACUUM (ANALYZE) public.grown']));
    expect(first).not.toEqual(expect.arrayContaining([expect.stringMatching(/small/)]));
    expect(await commands()).not.toEqual(expect.arrayContaining([expect.stringMatching(/grown|small/)]));
    // The planner now knows the table's size.
    expect(rowsOf(await database.db.execute(sql`select reltuples::int as n from pg_class where relname = 'grown'`))).toEqual([{ n: 2000 }]);
  });

  it('does that of itself once it has been idle a moment', async () => {
    const thread = await startPgliteThread(pgliteWorker, { maintenanceMs: 50 });
    try {
      await thread.exec('create table grown (n int); insert into grown select generate_series(1, 2000)');
      const analysed = async () => (await thread.query<{ at: string | null }>("select last_analyze::text as at from pg_stat_user_tables where relname = 'grown'")).rows[0]?.at;
      const deadline = Date.now() + 20_000;
      // Asked once a second: each question keeps the thread busy a moment, and it waits for half a second of quiet.
      while (!(await analysed()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await analysed()).toEqual(expect.any(String));
    } finally {
      await thread.close();
    }
  }, STARTS);

  it('fails to start, rather than waiting for ever, when its thread fails or stops while starting', async () => {
    const missing = pathToFileURL(path.join(__dirname, 'no-such-worker.mjs'));
    await expect(startPgliteThread(missing)).rejects.toThrow();
    await expect(startPgliteThread(fakeWorker('process.exit(2);'))).rejects.toThrow('stopped while starting (exit code 2)');
  });

  it('fails the statements waiting and every later one when its thread stops unasked, and says so once', async () => {
    const lost = jest.fn();
    // Ready, then gone at the first statement.
    const thread = await startPgliteThread(fakeWorker("parentPort.on('message', () => process.exit(3)); parentPort.postMessage({ ready: true });"), { onLost: lost });
    await expect(thread.query('select 1')).rejects.toThrow("The embedded database's thread stopped (exit code 3)");
    await expect(thread.query('select 2')).rejects.toThrow('exit code 3');
    expect(lost).toHaveBeenCalledTimes(1);
  });
});

/** A worker file of `body` (with parentPort in scope), standing in for db/pglite-worker.mjs. */
function fakeWorker(body: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ns-fake-worker-')), 'worker.mjs');
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\n${body}\n`);
  return pathToFileURL(file);
}
