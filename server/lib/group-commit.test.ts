import { setImmediate as endOfTurn } from 'node:timers/promises';
import { hold } from '../../mocks/hold';
import { groupCommit } from './group-commit.js';

/** A write that records each batch and waits for `release()` (which lets every waiting write answer). */
function recordingWrite(fail: (item: string) => boolean = () => false) {
  const batches: string[][] = [];
  let gate = hold();
  const write = async (items: string[]) => {
    batches.push(items);
    await gate.passed;
    if (items.some(fail)) throw new Error(`cannot write ${items.join(',')}`);
    return items.map((item) => item.toUpperCase());
  };
  const release = () => {
    gate.release();
    gate = hold();
  };
  return { batches, write, release };
}
// A batch is written at the end of the turn it was handed in (setImmediate in group-commit.ts).
const settle = () => endOfTurn();

describe('group commit', () => {
  it('an item handed in while nothing is written goes at the end of the turn, with the others handed in during it', async () => {
    const { batches, write, release } = recordingWrite();
    const store = groupCommit(write);
    const stored = [store('a'), store('b')];
    expect(batches).toEqual([]);
    await settle();
    expect(batches).toEqual([['a', 'b']]);
    release();
    await expect(Promise.all(stored)).resolves.toEqual(['A', 'B']);
    // Quiet again: the next goes alone.
    const alone = store('c');
    await settle();
    expect(batches).toEqual([['a', 'b'], ['c']]);
    release();
    await expect(alone).resolves.toBe('C');
  });

  it('items handed in during a write go together in the next batch, in order, at most maxBatch at a time', async () => {
    const { batches, write, release } = recordingWrite();
    const store = groupCommit(write, { maxBatch: 3 });
    const first = store('a');
    await settle();
    const results = [first, ...['b', 'c', 'd', 'e', 'f'].map(store)];
    expect(batches).toEqual([['a']]);
    for (let i = 0; i < 3; i++) {
      release();
      await settle();
    }
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e', 'f']]);
    await expect(Promise.all(results)).resolves.toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('when a batch fails because of an item, each item is written again alone: only the bad one fails', async () => {
    const { batches, write, release } = recordingWrite((item) => item === 'bad');
    const store = groupCommit(write, { isItemError: () => true });
    const first = store('a');
    await settle();
    const results = ['b', 'bad', 'c'].map((item) => store(item).then((value) => ({ value }), (error: Error) => ({ error: error.message })));
    for (let i = 0; i < 5; i++) {
      release();
      await settle();
    }
    await expect(first).resolves.toBe('A');
    expect(await Promise.all(results)).toEqual([{ value: 'B' }, { error: 'cannot write bad' }, { value: 'C' }]);
    // Written again one at a time, in the order they came.
    expect(batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it("items are written again alone only after an item's fault: a Postgres data or integrity error, not a lost connection", async () => {
    const writes: string[][] = [];
    const failing = (error: Error) => groupCommit(async (items: string[]) => {
      writes.push(items);
      if (items.length > 1) throw error;
      return items;
    });
    const handIn = async (store: (item: string) => Promise<string>) => {
      writes.length = 0;
      return Promise.all(['a', 'b'].map((item) => store(item).catch((error: Error) => error.message)));
    };
    const violation = Object.assign(new Error('check violation'), { code: '23514' });
    expect(await handIn(failing(new Error('query failed', { cause: violation })))).toEqual(['a', 'b']);
    expect(writes).toEqual([['a', 'b'], ['a'], ['b']]);
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    expect(await handIn(failing(lost))).toEqual(['Connection terminated unexpectedly', 'Connection terminated unexpectedly']);
    expect(writes).toEqual([['a', 'b']]);
  });

  it('a write that throws outside its statement, or answers no array, fails its batch and the next one still goes', async () => {
    let calls = 0;
    const store = groupCommit(async (items: string[]) => (++calls === 1 ? (undefined as unknown as string[]) : items), {
      isItemError: () => {
        throw new Error('never asked');
      },
    });
    await expect(store('a')).rejects.toThrow('group commit: no results for 1 items');
    await expect(store('b')).resolves.toBe('b');
  });

  it('a write answering the wrong number of results fails its whole batch, and the next batch still goes', async () => {
    let calls = 0;
    const store = groupCommit(async (items: string[]) => (++calls === 2 ? [] : items));
    await expect(store('a')).resolves.toBe('a');
    const all = ['b', 'c', 'd'].map((item) => store(item).catch((error: Error) => error.message));
    expect(await Promise.all(all)).toEqual(Array(3).fill('group commit: 0 results for 3 items'));
    await expect(store('e')).resolves.toBe('e');
  });
});
