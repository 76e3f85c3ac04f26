import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimDueJobs, failJob, finishJob, pruneFinishedJobs, type ClaimedJob } from '../lib/jobs.js';
import { loggable } from '../lib/log-redaction.js';

export interface JobRun extends ClaimedJob {
  /** The app's clock when the job was claimed. */
  now: Date;
}
/** Resolves when done; `{ again }` to run again at that time; throws to be tried again with backoff. */
export type JobHandler = (job: JobRun) => Promise<void | { again: Date }>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Registers the handler of a kind of job (one per kind), from the module that schedules it. */
      handle(kind: string, handler: JobHandler): void;
      /** Runs every due job now, one batch after another; resolves to how many ran (the loop, and tests). */
      runDue(): Promise<number>;
    };
  }
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * The jobs loop of lib/jobs.ts: every `config.jobsPollMs` this instance claims the due jobs and runs
 * them one after another (they are few and short: an e-mail, a handful of notifications), so a busy
 * moment of jobs never takes more than one database connection from requests. 0 turns the loop
 * off (tests call `runDue`, with `clock` under their control). Closing waits for the running job.
 */
async function jobs(app: FastifyInstance) {
  const handlers = new Map<string, JobHandler>();
  let running: Promise<number> | undefined;
  let prunedAt = 0;

  async function runOne(job: ClaimedJob) {
    const now = app.clock();
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      const outcome = await handler({ ...job, now });
      await finishJob(app.db, job, app.clock(), outcome ? outcome.again : undefined);
    } catch (error) {
      if (app.noteDatabaseOutage(error, `job ${job.kind}`)) return; // its lease runs out; claimed again later
      const result = await failJob(app.db, job, app.clock(), error instanceof Error ? error.message : String(error));
      const log = { err: loggable(error), job: { id: job.id, kind: job.kind, attempts: job.attempts } };
      if (result === 'failed') app.log.error(log, 'job failed for the last time');
      else app.log.warn(log, 'job failed; it will be tried again');
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    // One job per claim: each gets a whole lease from the moment it starts, however long the ones
    // before it took (a slow mail server), so no other instance claims it while it is running.
    while (!closing) {
      const [job] = await claimDueJobs(app.db, app.clock(), 1);
      if (!job) break;
      await runOne(job);
      ran += 1;
    }
    const now = app.clock();
    if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await pruneFinishedJobs(app.db, now);
    }
    return ran;
  }

  // One pass at a time in this instance: the loop's tick and a test's call share the same pass.
  const pass = () => (running ??= runDue().finally(() => {
    running = undefined;
  }));

  app.decorate('jobs', {
    handle(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`jobs of kind "${kind}" already have a handler`);
      handlers.set(kind, handler);
    },
    runDue: pass,
  });

  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    pass()
      .catch((error: unknown) => {
        if (!app.noteDatabaseOutage(error, 'jobs')) app.log.error({ err: loggable(error) }, 'running jobs failed');
      })
      .finally(() => {
        if (!closing) timer = setTimeout(tick, app.config.jobsPollMs);
      });
  };
  if (app.config.jobsPollMs > 0) {
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, app.config.jobsPollMs);
      timer.unref();
    });
  }
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running?.catch(() => {});
  });
}

export default fp(jobs, { name: 'jobs', fastify: '5.x', dependencies: ['errors'] });
