import { setTimeout as sleep } from 'node:timers/promises';

export class QueueFullError extends Error {}

/**
 * Who waits for a lookup: a member at a search box or a map ('interactive'), or nobody, because the
 * server does it on a member's behalf after answering (placing a skill on the map: 'background').
 */
export type Lane = 'interactive' | 'background';

interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs tasks one at a time, each starting at least `intervalMs` after the previous one started
 * (Nominatim's usage policy: at most one request per second). Each lane waits in a queue of its
 * own, and the next task is taken when its turn comes: an interactive one whenever one waits, so
 * background work only ever fills the gaps. A lane holds at most its `maxWaiting`; more are refused
 * at once (`QueueFullError`) rather than answered minutes late, and a full background lane never
 * refuses an interactive task.
 *
 * With several instances (REDIS_URL), `sharedTurn` spaces the starts of all of them together: it
 * takes the next turn in Redis and says how long to wait for it (lib/shared-limits.ts), since N
 * instances each spacing their own would ask N a second. When it fails, this instance's own
 * spacing still holds.
 */
export function createSpacer(
  intervalMs: number,
  maxWaiting: number,
  maxBackgroundWaiting = maxWaiting,
  sharedTurn?: () => Promise<number>,
) {
  const queues: Record<Lane, Waiting[]> = { interactive: [], background: [] };
  const limits: Record<Lane, number> = { interactive: maxWaiting, background: maxBackgroundWaiting };
  let lastStart = -Infinity;
  let running = false;

  async function drain(): Promise<void> {
    while (queues.interactive.length + queues.background.length > 0) {
      const wait = lastStart + intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      const turn = sharedTurn ? await sharedTurn().catch(() => 0) : 0;
      if (turn > 0) await sleep(turn);
      // Chosen after the wait: an interactive task that came during it still goes first.
      const next = (queues.interactive.shift() ?? queues.background.shift())!;
      lastStart = Date.now();
      await Promise.resolve().then(next.task).then(next.resolve, next.reject);
    }
    running = false;
  }

  function run<T>(task: () => Promise<T>, lane: Lane = 'interactive'): Promise<T> {
    const queue = queues[lane];
    if (queue.length >= limits[lane]) return Promise.reject(new QueueFullError(`${lane} queue is full`));
    const result = new Promise<T>((resolve, reject) => {
      queue.push({ task, resolve: resolve as (value: unknown) => void, reject });
    });
    // Started on a later turn, so tasks queued in one turn all count as waiting.
    if (!running) {
      running = true;
      queueMicrotask(() => void drain());
    }
    return result;
  }

  /** How many tasks wait in each lane (not the one running). */
  run.waiting = (): Record<Lane, number> => ({ interactive: queues.interactive.length, background: queues.background.length });
  return run;
}
