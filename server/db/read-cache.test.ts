import { eq, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { sessions, users } from './schema.js';
import { cachedRead, cachedReadMany } from './read-cache.js';
import { createDatabase, leavesCaches, UNCACHED_TABLES, writeCounterOf } from './client.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // On PostgreSQL nothing is cached until the change listener is connected.
  await until(() => writeCounterOf(t.db)?.() !== undefined);
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const onPglite = !process.env.TEST_DATABASE_URL;
const me = (token: string, id: string) => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });

/** Polls `check` every 20 ms until it holds (the notices of other connections arrive asynchronously). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 4_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Raw SQL's rows (both drivers answer `{ rows }`). */
const rowsOf = async <T,>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('reads cached until the next write', () => {
  it('counts writes (plain selects do not count, anything else does)', async () => {
    const count = () => writeCounterOf(t.db)!()!;
    const before = count();
    await t.db.select().from(users).limit(1);
    await t.db.execute(sql`select 1`);
    expect(count()).toBe(before);
    await t.db.execute(sql`update users set bio = bio where false`);
    expect(count()).toBeGreaterThan(before);
    const beforeTx = count();
    await t.db.transaction(async (tx) => {
      await tx.select().from(users).limit(1);
    });
    expect(count()).toBeGreaterThan(beforeTx);
  });

  it('a cached value is loaded once, and again after any write', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const first = await cachedRead(t.db, 'test', 'k', load);
    const second = await cachedRead(t.db, 'test', 'k', load);
    expect([first, second]).toEqual([1, 1]);
    await t.db.execute(sql`update users set bio = bio where false`);
    await cachedRead(t.db, 'test', 'k', load);
    expect(loads).toBe(2);
  });

  it('when full, the least recently used entry goes, not the oldest', async () => {
    const loads: string[] = [];
    const read = (key: string) => cachedRead(t.db, 'lru', key, async () => (loads.push(key), key), { maxEntries: 2 });
    await read('a');
    await read('b');
    await read('a'); // a hit: 'a' is now the most recently used
    await read('c'); // full: 'b' goes
    await read('a');
    expect(loads).toEqual(['a', 'b', 'c']);
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('several keys: only those not kept are loaded, in one call, and all are dropped after any write', async () => {
    const calls: string[][] = [];
    const loadMany = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    };
    expect(await cachedReadMany(t.db, 'many', ['a', 'b'], loadMany)).toEqual(new Map([['a', 'A'], ['b', 'B']]));
    expect(await cachedReadMany(t.db, 'many', ['b', 'c'], loadMany)).toEqual(new Map([['b', 'B'], ['c', 'C']]));
    expect(await cachedReadMany(t.db, 'many', ['a', 'c'], loadMany)).toEqual(new Map([['a', 'A'], ['c', 'C']]));
    expect(calls).toEqual([['a', 'b'], ['c']]);
    await t.db.execute(sql`update users set bio = bio where false`);
    await cachedReadMany(t.db, 'many', ['a'], loadMany);
    expect(calls).toEqual([['a', 'b'], ['c'], ['a']]);
  });

  it('writes to tables no cached read depends on (messages, notifications) leave the caches standing', async () => {
    expect([...UNCACHED_TABLES].sort()).toEqual(['messages', 'notifications']);
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    // On PostgreSQL the sign-ups' own notices arrive a few milliseconds later (and empty the caches).
    if (!onPglite) await new Promise((resolve) => setTimeout(resolve, 300));
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead(t.db, 'standing', 'k', load);
    await t.db.execute(sql`with m as (insert into messages (sender_id, receiver_id, content) values (${a.id}, ${b.id}, 'hi') returning *) select m.id from m`);
    await t.db.execute(sql`update messages set read_at = now() where receiver_id = ${b.id}`);
    await t.db.execute(sql`insert into notifications (user_id, title, body) select ${b.id}, 'New message', 'hi' where not exists (select 1 from notifications where user_id = ${b.id} and not read)`);
    await t.db.execute(sql`update notifications set read = true where user_id = ${b.id}`);
    await t.db.execute(sql`delete from notifications where user_id = ${b.id}`);
    await cachedRead(t.db, 'standing', 'k', load);
    expect(loads).toBe(1);
    // A statement that also writes another table empties them.
    await t.db.execute(sql`with gone as (delete from messages where sender_id = ${a.id} returning id) update users set bio = bio where id = ${a.id}`);
    await cachedRead(t.db, 'standing', 'k', load);
    expect(loads).toBe(2);
  });

  // true: the caches stand; false: the statement may change a cached read.
  it.each([
    ['select * from users', true],
    ['insert into "messages" ("sender_id") values ($1)', true],
    ['update "notifications" set "read" = $1 where "user_id" = $2 returning "id"', true],
    // `do update` names no table; the upsert writes notifications only.
    ['insert into notifications (user_id) values ($1) on conflict (id) do update set read = false', true],
    ['insert into MESSAGES default values', true],
    ['insert into "users" ("username") values ($1)', false],
    ['update "sessions" set "revoked_at" = now()', false],
    ['with m as (insert into messages default values returning *) delete from likes', false],
    // Nothing recognised, or a write without insert, update or delete: counted as a write.
    ['begin', false],
    ['truncate messages', false],
    ['with m as (insert into messages default values returning *) merge into users u using m on false when not matched then do nothing', false],
    ['with x as (select 1) select * from x', false],
    // A quoted name keeps its case: another table.
    ['insert into "Messages" default values', false],
  ])('leavesCaches(%s) is %s', (statement, stands) => {
    expect(leavesCaches(statement)).toBe(stands);
  });

  it('a value read while a write ran is not kept', async () => {
    let loads = 0;
    await cachedRead(t.db, 'race', 'k', async () => {
      loads++;
      await t.db.execute(sql`update users set bio = bio where false`);
      return 'stale';
    });
    await cachedRead(t.db, 'race', 'k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('every table tells other instances of its writes (the change_notice trigger of migration 0004)', async () => {
    const names = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableConfig(table as PgTable).name);
    expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'needs']));
    const result = await rowsOf<{ table: string }>(sql`
      select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = 'change_notice' and c.relnamespace = current_schema()::regnamespace`);
    expect(result.map((row) => row.table)).toEqual(expect.arrayContaining(names));
  });

  it('a revoked session stops authorising at once, though the same token was just accepted', async () => {
    const { id, token } = await signUp(t.app);
    expect((await me(token, id)).json().user.email).toBeDefined();
    await t.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, id));
    expect((await me(token, id)).json().user.email).toBeUndefined();
  });

  it('a profile read after a change shows the change, and a deactivated account is gone', async () => {
    const { id, token } = await signUp(t.app);
    expect((await me(token, id)).json().user.bio).not.toBe('changed behind the cache');
    await t.db.update(users).set({ bio: 'changed behind the cache' }).where(eq(users.id, id));
    expect((await me(token, id)).json().user.bio).toBe('changed behind the cache');
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, id));
    expect((await me(token, id)).statusCode).toBe(404);
  });
});

if (!onPglite) {
  describe('on PostgreSQL', () => {
    async function secondInstance(poolSize?: number) {
      const [{ name }] = await rowsOf<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return createDatabase({ databaseUrl: url.toString(), poolSize });
    }

    it('an instance opens at most its pool size of connections (DATABASE_POOL_SIZE), the rest of its statements wait', async () => {
      const other = await secondInstance(2);
      try {
        const answers = await Promise.all(Array.from({ length: 6 }, () => other.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)));
        const pids = new Set(answers.map((answer) => (answer as unknown as { rows: { pid: number }[] }).rows[0].pid));
        expect(pids.size).toBe(2);
      } finally {
        await other.close();
      }
    });

    it('a session revoked by another instance stops authorising here as soon as its notice arrives', async () => {
      const other = await secondInstance();
      try {
        const { id, token } = await signUp(t.app);
        expect((await me(token, id)).json().user.email).toBeDefined();
        expect((await me(token, id)).json().user.email).toBeDefined(); // now from the cache
        await other.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, id));
        await until(async () => (await me(token, id)).json().user.email === undefined);
      } finally {
        await other.close();
      }
    });

    it("another instance's messages and notifications leave the caches here; its other writes empty them", async () => {
      const other = await secondInstance();
      try {
        const [a, b] = [await signUp(t.app), await signUp(t.app)];
        const heard = () => new Promise((resolve) => setTimeout(resolve, 300)); // notices arrive within milliseconds
        await heard(); // the sign-ups' own notices
        let loads = 0;
        const read = () => cachedRead(t.db, 'remote', 'k', async () => ++loads);
        expect(await read()).toBe(1);
        await other.db.execute(sql`insert into messages (sender_id, receiver_id, content) values (${a.id}, ${b.id}, 'hi')`);
        await other.db.execute(sql`update messages set read_at = now() where receiver_id = ${b.id}`);
        await other.db.execute(sql`insert into notifications (user_id, title, body) values (${b.id}, 'New message', 'hi')`);
        await heard();
        expect(await read()).toBe(1);
        await other.db.execute(sql`update users set bio = bio where id = ${a.id}`);
        await until(async () => (await read()) === 2);
      } finally {
        await other.close();
      }
    });

    it('nothing is cached while the change listener is down, and caching resumes once it reconnects', async () => {
      const count = writeCounterOf(t.db)!;
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN need_spot_changes'`);
      await until(() => count() === undefined);
      let loads = 0;
      await cachedRead(t.db, 'down', 'k', async () => ++loads);
      await cachedRead(t.db, 'down', 'k', async () => ++loads);
      expect(loads).toBe(2);
      await until(() => count() !== undefined);
      await cachedRead(t.db, 'down', 'k', async () => ++loads);
      await cachedRead(t.db, 'down', 'k', async () => ++loads);
      expect(loads).toBe(3);
    });
  });
}
