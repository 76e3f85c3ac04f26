import { sql } from 'drizzle-orm';
import { useTestApp } from '../test/build-test-app.js';
import { rowsOf, type Db } from './client.js';
import { compareTables, readDatabaseState, type DatabaseState } from './table-state.js';

// What a backup records of each table and a restore compares (db/table-state.ts), on the test's
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
const t = useTestApp();

/** The state, read in a transaction as the backup and the restore read it; `before` runs first in it. */
const stateOf = (db: Db, before?: string): Promise<DatabaseState> => db.transaction(async (tx) => {
  if (before) await tx.execute(sql.raw(before));
  return readDatabaseState(async (query) => rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(query))));
});
const probe = (state: DatabaseState) => state.tables.find((table) => table.table === 'public.state_probe');

describe('the tables\' state (backups)', () => {
  beforeAll(async () => {
    await t.db.execute(sql`create table state_probe (id int, at timestamptz, note text, tags text[])`);
  });

  it('lists every table of the schema and drizzle\'s migrations, with the migration level', async () => {
    const state = await stateOf(t.db);
    expect(state.tables.map((table) => table.table)).toEqual(expect.arrayContaining(['drizzle.__drizzle_migrations', 'public.users', 'public.needs', 'public.messages', 'public.state_probe']));
    expect(state.tables.some((table) => table.table.startsWith('pg_catalog.') || table.table.startsWith('information_schema.'))).toBe(false);
    expect(state.migrations.applied).toBe(state.tables.find((table) => table.table === 'drizzle.__drizzle_migrations')!.rows);
    expect(state.migrations.newestAt).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(state.takenAt) - Date.now())).toBeLessThan(60_000);
  });

  it('gives the same checksum for the same rows in any order and under any session time zone; another for any change', async () => {
    await t.db.execute(sql`insert into state_probe values (1, '2026-11-27 18:04:05+00', 'a', '{x}'), (2, '2026-01-01 00:00:00+05:30', 'b', '{}'), (3, null, null, '{y,z}')`);
    const first = probe(await stateOf(t.db))!;
    expect(first.rows).toBe(3);
    await t.db.execute(sql`delete from state_probe`);
    await t.db.execute(sql`insert into state_probe values (3, null, null, '{y,z}'), (2, '2026-01-01 00:00:00+05:30', 'b', '{}'), (1, '2026-11-27 18:04:05+00', 'a', '{x}')`);
    expect(probe(await stateOf(t.db))).toEqual(first);
    // A restore's session may have another zone: the rows' text is read in UTC whatever it is.
    expect(probe(await stateOf(t.db, "SET LOCAL TimeZone = 'Asia/Kolkata'"))).toEqual(first);

    await t.db.execute(sql`update state_probe set note = 'B' where id = 2`);
    const changed = probe(await stateOf(t.db))!;
    expect(changed).toEqual({ ...first, checksum: expect.not.stringMatching(`^${first.checksum}$`) });
    expect(compareTables([first], [changed])).toEqual([`public.state_probe: 3 rows as in the backup, but other contents (checksum ${changed.checksum}, the backup's ${first.checksum})`]);
    // A duplicated row is another state too.
    await t.db.execute(sql`insert into state_probe select * from state_probe where id = 1`);
    expect(compareTables([changed], [probe(await stateOf(t.db))!])).toEqual(['public.state_probe: 4 rows, the backup has 3']);
  });

  it('names a table missing from the restored database, and one the backup did not have', () => {
    expect(compareTables(
      [{ table: 'public.a', rows: 1, checksum: '1' }, { table: 'public.b', rows: 0, checksum: '0' }],
      [{ table: 'public.b', rows: 0, checksum: '0' }, { table: 'public.c', rows: 2, checksum: '5' }],
    )).toEqual(['public.a: missing (the backup has 1 row)', 'public.c: not in the backup (2 rows)']);
    expect(compareTables([{ table: 'public.a', rows: 1, checksum: '1' }], [{ table: 'public.a', rows: 1, checksum: '1' }])).toEqual([]);
  });
});
