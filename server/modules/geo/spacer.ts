import { setTimeout as sleep } from 'node:timers/promises';

export class QueueFullError extends Error {}

/**
 * Runs tasks one at a time, each starting at least `intervalMs` after the previous one started
 * (Nominatim's usage policy: at most one request per second). At most `maxWaiting` tasks wait;
 * more are refused at once rather than answered minutes late.
 */
export function createSpacer(intervalMs: number, maxWaiting: number) {
  let tail: Promise<unknown> = Promise.resolve();
  let lastStart = 0;
  let waiting = 0;
  return function run<T>(task: () => Promise<T>): Promise<T> {
    if (waiting >= maxWaiting) return Promise.reject(new QueueFullError('upstream queue is full'));
    waiting++;
    const result = tail.then(async () => {
      const wait = lastStart + intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      lastStart = Date.now();
      waiting--;
      return task();
    });
    tail = result.catch(() => {});
    return result;
  };
}
