import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, rowsOf, type Database, type Db } from '../db/client.js';
import { jobs } from '../db/schema.js';
import type { JobRun } from '../plugins/jobs.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { migrationsFolder, pgliteWorker } from '../test/test-database.js';
import { cancelJob, claimDueJobs, failJob, finishJob, JOB_LEASE_MS, JOB_MAX_ATTEMPTS, retryDelayMs, scheduleJob } from './jobs.js';

const T0 = new Date('2026-11-27T10:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** A clock a test moves by hand. */
function manualClock(start = T0) {
  let now = start;
  return { now: () => now, set: (to: Date) => { now = to; } };
}

const rowsOfKind = (db: Db, kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));

/**
 * A database two apps can open one after the other (a restart) or at once (two instances): a
 * PGlite data directory, or with TEST_DATABASE_URL a fresh database on that server that each
 * `open()` connects to with a pool of its own, as separate instances do.
 */
async function sharedDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ns-jobs-'));
    return {
      kind: 'pglite' as const,
      async open(): Promise<Database> {
        const database = await createDatabase({ pgliteWorker, dataDir, maintenanceMs: 0 });
        await database.migrate(migrationsFolder);
        return database;
      },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `ns_jobs_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres' as const,
    async open(): Promise<Database> {
      const database = await createDatabase({ databaseUrl: url.toString() });
      await database.migrate(migrationsFolder);
      return database;
    },
    cleanup: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

describe('jobs (lib/jobs.ts, plugins/jobs.ts)', () => {
  let t: TestApp;
  const clock = manualClock();
  const runs: JobRun[] = [];
  let behaviour: (job: JobRun) => Promise<void | { again: Date }> = async () => {};

  beforeAll(async () => {
    t = await buildTestApp({ clock: clock.now });
    t.app.jobs.handle('test', async (job) => {
      runs.push(job);
      return behaviour(job);
    });
  }, SETUP_TIMEOUT);
  afterAll(() => t.close());
  beforeEach(async () => {
    runs.length = 0;
    behaviour = async () => {};
    clock.set(T0);
    await t.db.delete(jobs);
  });

  it('runs a job once it is due by the app clock, once, and keeps it as done', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(15), payload: { hello: 'world' } });
    expect(await t.app.jobs.runDue()).toBe(0);
    clock.set(minutes(14));
    expect(await t.app.jobs.runDue()).toBe(0);
    clock.set(minutes(15));
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(runs).toEqual([expect.objectContaining({ kind: 'test', key: 'a', payload: { hello: 'world' }, attempts: 1, now: minutes(15) })]);
    expect(await t.app.jobs.runDue()).toBe(0);
    const [row] = await rowsOfKind(t.db, 'test');
    expect(row).toMatchObject({ state: 'done', finishedAt: minutes(15), lockedUntil: null });
  });

  it('keeps one pending job per kind and key: the earlier time, or the new one when asked to replace', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(15) });
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(10) });
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(20) });
    await scheduleJob(t.db, { kind: 'test', key: 'b', runAt: minutes(20) });
    expect((await rowsOfKind(t.db, 'test')).map((row) => [row.key, row.runAt])).toEqual(expect.arrayContaining([['a', minutes(10)], ['b', minutes(20)]]));
    expect(await rowsOfKind(t.db, 'test')).toHaveLength(2);

    await scheduleJob(t.db, { kind: 'test', key: 'b', runAt: minutes(40), payload: { moved: true } }, { replace: true });
    const b = (await rowsOfKind(t.db, 'test')).find((row) => row.key === 'b');
    expect(b).toMatchObject({ runAt: minutes(40), payload: { moved: true } });

    await cancelJob(t.db, 'test', 'b');
    clock.set(minutes(60));
    await t.app.jobs.runDue();
    expect(runs.map((run) => run.key)).toEqual(['a']);
  });

  it('a job asked for again while it runs runs once more afterwards, so work that committed meanwhile is not lost', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(0) });
    behaviour = async (job) => {
      // Another request commits more work for the same key while this run is in progress.
      if (job.attempts === 1 && runs.length === 1) await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(5) });
    };
    await t.app.jobs.runDue();
    expect(runs).toHaveLength(1);
    const [pending] = await rowsOfKind(t.db, 'test');
    expect(pending).toMatchObject({ state: 'pending', runAt: minutes(5), rerunAt: null, lockedUntil: null, attempts: 0 });
    clock.set(minutes(5));
    await t.app.jobs.runDue();
    expect(runs).toHaveLength(2);
    expect((await rowsOfKind(t.db, 'test'))[0].state).toBe('done');
  });

  it('`{ again }` makes the job due again at that time', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(0) });
    behaviour = async () => (runs.length === 1 ? { again: minutes(3) } : undefined);
    await t.app.jobs.runDue();
    clock.set(minutes(2));
    await t.app.jobs.runDue();
    expect(runs).toHaveLength(1);
    clock.set(minutes(3));
    await t.app.jobs.runDue();
    expect(runs).toHaveLength(2);
    expect((await rowsOfKind(t.db, 'test'))[0].state).toBe('done');
  });

  it('a run that throws is tried again with backoff, and given up after the last attempt with its error kept', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(0) });
    behaviour = async () => {
      throw new Error('SMTP said no');
    };
    let at = minutes(0);
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt += 1) {
      clock.set(at);
      expect(await t.app.jobs.runDue()).toBe(1);
      // Not before the backoff has passed.
      clock.set(new Date(at.getTime() + retryDelayMs(attempt) - 1000));
      expect(await t.app.jobs.runDue()).toBe(0);
      at = new Date(at.getTime() + retryDelayMs(attempt));
    }
    expect(runs.map((run) => run.attempts)).toEqual(Array.from({ length: JOB_MAX_ATTEMPTS }, (_, i) => i + 1));
    const [row] = await rowsOfKind(t.db, 'test');
    expect(row).toMatchObject({ state: 'failed', attempts: JOB_MAX_ATTEMPTS, lastError: 'SMTP said no' });
    clock.set(minutes(100_000));
    expect(await t.app.jobs.runDue()).toBe(0);
  });

  it('claims one job at a time, so a slow run before it never eats into the next job\'s lease', async () => {
    const claimableDuringRun: string[][] = [];
    await scheduleJob(t.db, { kind: 'test', key: 'c', runAt: clock.now() });
    await scheduleJob(t.db, { kind: 'test', key: 'd', runAt: clock.now() });
    behaviour = async () => {
      if (runs.length === 1) clock.set(new Date(clock.now().getTime() + JOB_LEASE_MS + 1000));
      else claimableDuringRun.push((await claimDueJobs(t.db, clock.now(), 10)).map((job) => job.key));
    };
    await t.app.jobs.runDue();
    // 'd' was claimed after 'c' had taken longer than a lease: its own lease is whole, nobody else can take it.
    expect(runs.map((run) => run.key)).toEqual(['c', 'd']);
    expect(claimableDuringRun).toEqual([[]]);
  });

  it('a run that outlived its lease changes nothing when it ends: the claim that took the job over decides', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(0) });
    const [stale] = await claimDueJobs(t.db, minutes(0), 1);
    const later = new Date(T0.getTime() + JOB_LEASE_MS + 1000);
    const [current] = await claimDueJobs(t.db, later, 1);
    expect(current.id).toBe(stale.id);
    expect(current.claimId).not.toBe(stale.claimId);
    await finishJob(t.db, stale, later);
    expect((await rowsOfKind(t.db, 'test'))[0]).toMatchObject({ state: 'pending', claimId: current.claimId });
    await failJob(t.db, stale, later, 'late');
    expect((await rowsOfKind(t.db, 'test'))[0]).toMatchObject({ state: 'pending', lastError: null });
    await finishJob(t.db, current, later);
    expect((await rowsOfKind(t.db, 'test'))[0]).toMatchObject({ state: 'done', claimId: null });
  });

  it('recovers when a later attempt succeeds', async () => {
    await scheduleJob(t.db, { kind: 'test', key: 'a', runAt: minutes(0) });
    behaviour = async (job) => {
      if (job.attempts < 3) throw new Error('connection refused');
    };
    for (const at of [0, 0.5, 1.5]) {
      clock.set(minutes(at));
      await t.app.jobs.runDue();
    }
    expect(runs.map((run) => run.attempts)).toEqual([1, 2, 3]);
    expect((await rowsOfKind(t.db, 'test'))[0]).toMatchObject({ state: 'done', lastError: null });
  });
});

describe('jobs across a restart and across two instances', () => {
  const stores: Array<Awaited<ReturnType<typeof sharedDatabase>>> = [];
  afterAll(async () => {
    for (const store of stores) await store.cleanup();
  });

  it('a job scheduled before a restart, and one whose instance died while running it, run after the restart, once each', async () => {
    const store = await sharedDatabase();
    stores.push(store);
    const clock = manualClock();
    const first = await store.open();
    const before = await buildTestApp({ db: first.db, clock: clock.now });
    await scheduleJob(first.db, { kind: 'mail', key: 'later', runAt: minutes(15) });
    await scheduleJob(first.db, { kind: 'mail', key: 'crashed', runAt: minutes(0) });
    // The instance claims a job and dies before finishing it: its lease holds the job meanwhile.
    expect((await claimDueJobs(first.db, clock.now(), 10)).map((job) => job.key)).toEqual(['crashed']);
    await before.close();
    await first.close();

    const second = await store.open();
    const ran: string[] = [];
    const after = await buildTestApp({ db: second.db, clock: clock.now });
    after.app.jobs.handle('mail', async (job) => {
      ran.push(job.key);
    });
    try {
      clock.set(minutes(1));
      expect(await after.app.jobs.runDue()).toBe(0); // the dead instance's lease still holds it
      clock.set(new Date(T0.getTime() + JOB_LEASE_MS));
      await after.app.jobs.runDue();
      clock.set(minutes(15));
      await after.app.jobs.runDue();
      clock.set(minutes(60));
      await after.app.jobs.runDue();
      expect(ran).toEqual(['crashed', 'later']);
      const states = rowsOf<{ key: string; state: string; attempts: number }>(await second.db.execute(sql`select key, state, attempts from jobs order by key`));
      expect(states).toEqual([{ key: 'crashed', state: 'done', attempts: 2 }, { key: 'later', state: 'done', attempts: 1 }]);
    } finally {
      await after.close();
      await second.close();
    }
  }, SETUP_TIMEOUT);

  it('two instances running the same due jobs at once run each exactly once', async () => {
    const store = await sharedDatabase();
    stores.push(store);
    const clock = manualClock(minutes(10));
    // Two instances: on PostgreSQL each with its own pool; PGlite is one process's database, so they share it.
    const a = await store.open();
    const b = store.kind === 'postgres' ? await store.open() : a;
    const ran: string[] = [];
    const apps = await Promise.all([a, b].map(async (database, index) => {
      const instance = await buildTestApp({ db: database.db, clock: clock.now });
      instance.app.jobs.handle('mail', async (job) => {
        ran.push(`${job.key}@${index}`);
        await new Promise((resolve) => setTimeout(resolve, 2)); // an SMTP round trip, so the runs overlap
      });
      return instance;
    }));
    try {
      for (let i = 0; i < 60; i += 1) await scheduleJob(a.db, { kind: 'mail', key: `m${i}`, runAt: minutes(i % 5) });
      const counts = await Promise.all(apps.map((instance) => instance.app.jobs.runDue()));
      expect(counts[0] + counts[1]).toBe(60);
      const keys = ran.map((entry) => entry.split('@')[0]);
      expect(new Set(keys).size).toBe(60);
      expect(keys).toHaveLength(60);
      if (store.kind === 'postgres') expect(counts.every((count) => count > 0)).toBe(true);
      const [{ done }] = rowsOf<{ done: number }>(await a.db.execute(sql`select count(*)::int as done from jobs where state = 'done'`));
      expect(done).toBe(60);
    } finally {
      for (const instance of apps) await instance.close();
      await a.close();
      if (b !== a) await b.close();
    }
  }, SETUP_TIMEOUT);
});
