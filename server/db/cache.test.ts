import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterCommit, cacheOf, cachedRead, createCache, forget, parsePayload, payloadOf } from './cache.js';
import { createDatabase, rowsOf } from './client.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';
import { multipart } from '../test/multipart.js';
import { hold } from '../../mocks/hold.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const onPglite = !process.env.TEST_DATABASE_URL;
const me = (app: TestApp['app'], token: string, id: string) => app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
const editProfile = async (app: TestApp['app'], id: string, token: string, fields: Record<string, string>) => {
  const form = await multipart(fields);
  return app.inject({ method: 'PUT', url: `/api/edit-profile/${id}`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
};

/** Polls `check` until it holds (another instance's notice arrives asynchronously). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 4_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('reads kept by name', () => {
  it('keeps a value until its name is forgotten: one key, every key of its kind, or everything', async () => {
    const cache = createCache();
    let loads = 0;
    const read = (key: string) => cache.read('kind', key, async () => `${key}${++loads}`);
    expect([await read('a'), await read('a'), await read('b')]).toEqual(['a1', 'a1', 'b2']);
    cache.forgetHere('kind', 'a');
    expect([await read('a'), await read('b')]).toEqual(['a3', 'b2']);
    cache.forgetHere('kind');
    expect([await read('a'), await read('b')]).toEqual(['a4', 'b5']);
    cache.forgetHere('other');
    expect(await read('a')).toBe('a4');
    cache.forgetHere();
    expect(await read('a')).toBe('a6');
  });

  it('tells other instances the names forgotten together in one notice, and the kinds alone when they would not fit', () => {
    const names: Array<[string, string?]> = [['session', 'a'], ['needs-list'], ['session', 'a']];
    expect(payloadOf(names)).toBe('session:a\nneeds-list');
    expect(parsePayload(payloadOf(names))).toEqual([['session', 'a'], ['needs-list']]);
    // NOTIFY takes 8,000 bytes at most: past that, each kind is forgotten whole.
    const many = Array.from({ length: 300 }, (_, i): [string, string] => ['session', `${'0'.repeat(30)}${i}`]);
    expect(payloadOf([...many, ['user', 'x']])).toBe('session\nuser');
    // A marker line (db/changes.ts) is not a name.
    expect(parsePayload('session:a\n#3f2c')).toEqual([['session', 'a']]);
  });

  it('keeps nothing undefined, and nothing while it cannot be trusted (another instance could not tell it)', async () => {
    let trusted = false;
    const cache = createCache(() => trusted);
    let loads = 0;
    await cache.read('k', 'x', async () => ++loads);
    await cache.read('k', 'x', async () => ++loads);
    expect(loads).toBe(2);
    trusted = true;
    expect(await cache.read('k', 'none', async () => undefined)).toBeUndefined();
    await cache.read('k', 'x', async () => ++loads);
    await cache.read('k', 'x', async () => ++loads);
    expect(loads).toBe(3);
  });

  it('does not keep a value loaded while its kind was forgotten: it may be the old one', async () => {
    const cache = createCache();
    const loading = hold();
    const first = cache.read('k', 'x', async () => {
      await loading.passed;
      return 'old';
    });
    cache.forgetHere('k', 'y');
    loading.release();
    expect(await first).toBe('old');
    expect(await cache.read('k', 'x', async () => 'new')).toBe('new');
  });

  it('when full, the least recently used goes, not the oldest', async () => {
    const cache = createCache();
    const loads: string[] = [];
    const read = (key: string) => cache.read('lru', key, async () => (loads.push(key), key), { maxEntries: 2 });
    await read('a');
    await read('b');
    await read('a'); // used again: b is now the least recently used
    await read('c');
    await read('a');
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('reads several keys with one load of those not kept', async () => {
    const cache = createCache();
    const asked: string[][] = [];
    const loadMany = async (keys: string[]) => (asked.push(keys), new Map(keys.map((key) => [key, key.toUpperCase()])));
    expect(await cache.readMany('many', ['a', 'b'], loadMany)).toEqual(new Map([['a', 'A'], ['b', 'B']]));
    expect(await cache.readMany('many', ['b', 'c'], loadMany)).toEqual(new Map([['b', 'B'], ['c', 'C']]));
    expect(asked).toEqual([['a', 'b'], ['c']]);
  });

  it('lets an entry live a minute at most, should a forgotten name never arrive', async () => {
    const cache = createCache();
    let loads = 0;
    const now = jest.spyOn(Date, 'now');
    try {
      await cache.read('k', 'x', async () => ++loads);
      now.mockReturnValue(Date.now() + 59_000);
      await cache.read('k', 'x', async () => ++loads);
      expect(loads).toBe(1);
      now.mockReturnValue(Date.now() + 61_000);
      await cache.read('k', 'x', async () => ++loads);
      expect(loads).toBe(2);
    } finally {
      now.mockRestore();
    }
  });

  it('forgets a name written inside a transaction once it commits: until then the kept value is still the truth', async () => {
    let loads = 0;
    const read = () => cachedRead(t.db, 'user', 'in-a-transaction', async () => ++loads);
    await read();
    const done: string[] = [];
    await t.db.transaction(async (tx) => {
      forget(tx, 'user', 'in-a-transaction');
      afterCommit(tx, () => done.push('after'));
      // Within a savepoint: left to the outer transaction.
      await tx.transaction(async (inner) => afterCommit(inner, () => done.push('inner')));
      // Read meanwhile (by another request): the committed value, kept.
      expect(await read()).toBe(1);
      expect(done).toEqual([]);
    });
    expect(done).toEqual(['after', 'inner']);
    expect(await read()).toBe(2);
    forget(t.db, 'user', 'in-a-transaction');
    expect(await read()).toBe(3);
  });

  it('forgets nothing for a transaction that rolls back', async () => {
    let loads = 0;
    const read = () => cachedRead(t.db, 'user', 'rolled-back', async () => ++loads);
    await read();
    const done: string[] = [];
    await expect(t.db.transaction(async (tx) => {
      forget(tx, 'user', 'rolled-back');
      afterCommit(tx, () => done.push('after'));
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await read()).toBe(1);
    expect(done).toEqual([]);
  });
});

describe('what the app forgets', () => {
  // On PostgreSQL nothing is kept until the connection that hears other instances is up.
  beforeAll(() => until(() => cacheOf(t.db)!.trusted()));

  it('a session ends at once on logout, and a password change ends the others', async () => {
    const { id, token, body } = await signUp(t.app);
    const other = (await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: body.username, password: body.password } })).json().token as string;
    expect((await me(t.app, other, id)).json().user.email).toBeDefined();
    expect((await me(t.app, other, id)).json().user.email).toBeDefined(); // kept now
    const changed = await t.app.inject({
      method: 'POST', url: `/api/change-password/${id}`, headers: bearer(token),
      payload: { currentPassword: body.password, newPassword: 'a fresh passphrase 2026', confirmPassword: 'a fresh passphrase 2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, other, id)).json().user.email).toBeUndefined();
    expect((await me(t.app, token, id)).json().user.email).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    // The profile is public: a token that no longer signs in only leaves out what the owner sees.
    expect((await me(t.app, token, id)).json().user.email).toBeUndefined();
  });

  it('a profile read after a change through the API shows the change (and was kept before it)', async () => {
    const { id, token } = await signUp(t.app);
    expect((await me(t.app, token, id)).json().user.bio).toBe('');
    // Kept: a change behind the services' back is not seen...
    await t.db.execute(sql`update users set bio = 'behind its back' where id = ${id}`);
    expect((await me(t.app, token, id)).json().user.bio).toBe('');
    // ...one through them is.
    expect((await editProfile(t.app, id, token, { bio: 'Slow travel.' })).statusCode).toBe(200);
    expect((await me(t.app, token, id)).json().user.bio).toBe('Slow travel.');
  });

  it('a like forgets the whispers list, which shows the likes', async () => {
    const { id, token } = await signUp(t.app);
    const [whisper] = rowsOf<{ id: string }>(await t.db.execute(sql`
      insert into whispers (user_id, title, description) values (${id}, 'Rain in Munnar', 'Tea and fog.') returning id`));
    forget(t.db, 'whispers-list'); // written behind the API's back
    const likesOf = async () => ((await t.app.inject({ url: '/api/approved-whispers' })).json().whispers as Array<{ _id: string; likesCount: number }>)
      .find((w) => w._id === whisper.id)?.likesCount;
    expect(await likesOf()).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/whispers/${whisper.id}/like`, headers: bearer(token) })).statusCode).toBe(200);
    expect(await likesOf()).toBe(1);
  });
});

if (!onPglite) {
  describe('on PostgreSQL, two instances', () => {
    async function secondInstance(poolSize?: number) {
      const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return createDatabase({ databaseUrl: url.toString(), poolSize });
    }

    it('an instance opens at most its pool size of connections (DATABASE_POOL_SIZE), the rest of its statements wait', async () => {
      const other = await secondInstance(2);
      try {
        const answers = await Promise.all(Array.from({ length: 6 }, () => other.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)));
        const pids = new Set(answers.map((answer) => rowsOf<{ pid: number }>(answer)[0].pid));
        expect(pids.size).toBe(2);
      } finally {
        await other.close();
      }
    });

    it('a session revoked through one instance is refused by the other at once: the logout answers once the notice is heard', async () => {
      const database = await secondInstance();
      const other = await buildTestApp({ db: database.db });
      try {
        const { id, token } = await signUp(t.app);
        expect((await me(t.app, token, id)).json().user.email).toBeDefined();
        expect((await me(t.app, token, id)).json().user.email).toBeDefined(); // kept here now
        expect((await other.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
        expect((await me(t.app, token, id)).json().user.email).toBeUndefined();
      } finally {
        await other.close();
        await database.close();
      }
    });

    it('a revocation waits for the acknowledgement of every other listening instance (at most 2 s), and alone for none', async () => {
      const logout = async () => {
        const { token } = await signUp(t.app);
        const started = Date.now();
        expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
        return Date.now() - started;
      };
      // Alone (its own listener is not counted): nothing to wait for; far below the bound even on a busy machine.
      expect(await logout()).toBeLessThan(1_500);
      // A listener that never acknowledges, as a stalled instance would: counted, waited for, given up on at the bound.
      const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const stalled = new pg.Client({ connectionString: url.toString(), application_name: 'need_spot_cache' });
      await stalled.connect();
      try {
        await stalled.query('LISTEN need_spot_cache');
        expect(await logout()).toBeGreaterThanOrEqual(1_900);
      } finally {
        await stalled.end();
      }
    });

    it('a profile changed through one instance is read anew through the other', async () => {
      const database = await secondInstance();
      const other = await buildTestApp({ db: database.db });
      try {
        const { id, token } = await signUp(t.app);
        expect((await me(t.app, token, id)).json().user.bio).toBe('');
        expect((await editProfile(other.app, id, token, { bio: 'Changed elsewhere.' })).statusCode).toBe(200);
        await until(async () => (await me(t.app, token, id)).json().user.bio === 'Changed elsewhere.');
      } finally {
        await other.close();
        await database.close();
      }
    });

    it("a board's pages kept on one instance show a post created through the other", async () => {
      const database = await secondInstance();
      const other = await buildTestApp({ db: database.db });
      try {
        const { id, token } = await signUp(t.app);
        const list = async () => (await t.app.inject({ url: '/api/all-needs' })).json().data.map((need: { serviceName: string }) => need.serviceName);
        await list();
        const form = await multipart({
          type: 'need', category: 'Transport', serviceName: 'Ferry tickets for two', description: 'To Havelock.',
          phone: '+919876543210', email: 'ferry@example.com', address: 'Jetty road', city: 'Port Blair', state: 'Andaman', postalCode: '744101',
          latitude: '11.62', longitude: '92.72',
        });
        const created = await other.app.inject({ method: 'POST', url: `/api/create-need/${id}`, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
        expect(created.statusCode).toBe(201);
        // The create answered once this instance had forgotten its pages: no waiting here.
        expect((await list())[0]).toBe('Ferry tickets for two');
      } finally {
        await other.close();
        await database.close();
      }
    });

    it('nothing is kept while the listening connection is down, and everything is forgotten when it is back', async () => {
      const trusted = () => cacheOf(t.db)!.trusted();
      await until(trusted);
      let loads = 0;
      const read = () => cachedRead(t.db, 'user', 'listener-down', async () => ++loads);
      await read();
      await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'need_spot_cache'`);
      await until(() => !trusted());
      await read();
      await read();
      expect(loads).toBe(3);
      await until(trusted);
      await read();
      await read();
      expect(loads).toBe(4);
    });
  });
}
