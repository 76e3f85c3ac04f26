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
