import { eq, sql } from 'drizzle-orm';
import { sessions, users } from './schema.js';
import { cachedRead } from './read-cache.js';
import { writeCounterOf } from './client.js';
import { buildTestApp, SETUP_TIMEOUT, type TestApp } from '../test/build-test-app.js';
import { bearer, signUp } from '../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const onPglite = !process.env.TEST_DATABASE_URL;
const me = (token: string, id: string) => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });

describe('reads cached until the next write', () => {
  it('counts writes on embedded PGlite (plain selects do not count, anything else does); none on PostgreSQL', async () => {
    if (!onPglite) {
      expect(writeCounterOf(t.db)).toBeUndefined();
      return;
    }
    const count = writeCounterOf(t.db)!;
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
    expect([first, second]).toEqual(onPglite ? [1, 1] : [1, 2]);
    await t.db.execute(sql`update users set bio = bio where false`);
    await cachedRead(t.db, 'test', 'k', load);
    expect(loads).toBe(onPglite ? 2 : 3);
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
