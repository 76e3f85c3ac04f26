import { sql } from 'drizzle-orm';
import { hold } from '../../mocks/hold';
import '../test/test-database.js'; // declares globalThis.__PGLITE__, which the test environment sets
import { createDatabase, pgliteOptions } from './client.js';
import { takingTurns } from './turns.js';

/** A statement stand-in: notes its start and end, and takes a few promise jobs in between as PGlite's do. */
function statement(name: string, log: string[], fail = false) {
  return async () => {
    log.push(`${name} starts`);
    for (let i = 0; i < 3; i++) await Promise.resolve();
    log.push(`${name} ends`);
    if (fail) throw new Error(`${name} failed`);
    return name;
  };
}

describe('takingTurns', () => {
  it('runs one at a time, in the order they were asked for, each answering its caller', async () => {
    const turn = takingTurns();
    const log: string[] = [];
    const answers = await Promise.all([turn(statement('a', log)), turn(statement('b', log)), turn(statement('c', log))]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('lets callbacks that became due while one ran go before the next starts', async () => {
    const turn = takingTurns();
    const log: string[] = [];
    const first = turn(async () => {
      await statement('a', log)();
      // As a request read from a socket while a statement ran would be.
      setImmediate(() => log.push('arrived meanwhile'));
    });
    const second = turn(statement('b', log));
    await Promise.all([first, second]);
    expect(log).toEqual(['a starts', 'a ends', 'arrived meanwhile', 'b starts', 'b ends']);
  });

  it('goes on after one that failed, which fails for its caller alone', async () => {
    const turn = takingTurns();
    const log: string[] = [];
    const failed = turn(statement('a', log, true));
    const next = turn(statement('b', log));
    await expect(failed).rejects.toThrow('a failed');
    await expect(next).resolves.toBe('b');
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});

describe('the PGlite client taking turns', () => {
  /** Time enough to start a PGlite (seconds) while other test files run. */
  const STARTS = 60_000;
  const open = async () => createDatabase({ memory: true, pglite: await globalThis.__PGLITE__!.create(await pgliteOptions()) });

  it("runs a transaction's own statements within its turn, and a read asked for after it waits for it", async () => {
    const database = await open();
    try {
      const { db } = database;
      await db.execute(sql`create table turns_probe (n int)`);
      const order: string[] = [];
      const { passed, release } = hold();
      const written = db.transaction(async (tx) => {
        await tx.execute(sql`insert into turns_probe values (1)`);
        await passed;
        await tx.execute(sql`insert into turns_probe values (2)`);
        order.push('transaction');
      });
      const read = db.execute(sql`select count(*)::int as n from turns_probe`).then((answer) => {
        order.push('read');
        return (answer as unknown as { rows: { n: number }[] }).rows[0].n;
      });
      release();
      await written;
      expect(await read).toBe(2);
      expect(order).toEqual(['transaction', 'read']);
    } finally {
      await database.close();
    }
  }, STARTS);

  it('closes after the statements already waiting for their turn', async () => {
    const database = await open();
    const { passed, release } = hold();
    const written = database.db.transaction(async () => passed);
    const asked = database.db.execute(sql`select 1 as one`).then((answer) => (answer as unknown as { rows: unknown[] }).rows);
    // The read is queued behind the open transaction well before the close is asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = database.close();
    release();
    await written;
    await expect(asked).resolves.toEqual([{ one: 1 }]);
    await closed;
  }, STARTS);
});
