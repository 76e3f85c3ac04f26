import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

/**
 * Work that must happen later and survive a restart: digest e-mails, event reminders (the `jobs`
 * table, db/tables/notify.ts). Scheduling is a row written in the caller's transaction, so the
 * work exists exactly when the change that asked for it committed. Every instance runs the same
 * small loop (plugins/jobs.ts): it claims due rows with FOR UPDATE SKIP LOCKED and a lease, so two
 * instances never run one job at once; a run that throws is tried again with backoff. The same
 * statements run on PGlite and PostgreSQL (a queue library was not used: the maintained ones,
 * pg-boss and graphile-worker, need a PostgreSQL server and their own schema, not PGlite).
 */

export interface JobSpec {
  kind: string;
  /** What the job is about (a member's id, an event's id): one pending job per kind and key. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

export interface ScheduleOptions {
  /**
   * A pending job of the same kind and key keeps the earlier time (a digest: the first unread item
   * sets it), unless `replace` (a reminder whose event moved: the new time and payload win).
   */
  replace?: boolean;
}

/**
 * Schedules a job in `db`'s transaction. When that job is running right now (claimed, `locked_until`
 * set), it is asked to run once more (`rerun_at`): the run may have read its data before this
 * change committed, so without that the change would never be acted on.
 */
export async function scheduleJob(db: Db, job: JobSpec, { replace = false }: ScheduleOptions = {}): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, key, payload, run_at) values (${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt.toISOString()})
    ${replace ? onPendingReplace : onPendingKeepEarlier}`);
}

// When a job of the same kind and key is pending. Claimed (`locked_until` set), it is asked to run
// once more after (`rerun_at`); else it takes the new time and payload (replace), or keeps the
// earlier time, written only when that changes a time: a busy conversation's messages find their
// digest pending and leave the row be.
const onPendingReplace = sql`
  on conflict (kind, key) where state = 'pending' do update set
    run_at = case when jobs.locked_until is not null then jobs.run_at else excluded.run_at end,
    rerun_at = case when jobs.locked_until is null then jobs.rerun_at else excluded.run_at end,
    payload = excluded.payload`;
const onPendingKeepEarlier = sql`
  on conflict (kind, key) where state = 'pending' do update set
    run_at = case when jobs.locked_until is not null then jobs.run_at else least(jobs.run_at, excluded.run_at) end,
    rerun_at = case when jobs.locked_until is null then jobs.rerun_at else least(coalesce(jobs.rerun_at, excluded.run_at), excluded.run_at) end
  where case when jobs.locked_until is null then excluded.run_at < jobs.run_at else jobs.rerun_at is null or excluded.run_at < jobs.rerun_at end`;

/**
 * `scheduleJob` (keeping the earlier time) for every key `keys` selects (a text column `key`), at
 * `runAt`: one step of a larger statement (notifications/service.ts schedules digests in the
 * statement that stores messages).
 */
export const scheduleJobsFrom = (kind: string, keys: SQL, runAt: SQL): SQL => sql`
  insert into jobs (kind, key, run_at)
  select ${kind}::text, due.key, ${runAt} from (${keys}) due
  ${onPendingKeepEarlier}`;

/** Drops the pending job of this kind and key, if any (an event deleted: no reminder). A running one finishes. */
export async function cancelJob(db: Db, kind: string, key: string): Promise<void> {
  await db.execute(sql`delete from jobs where kind = ${kind} and key = ${key} and state = 'pending' and locked_until is null`);
}

export interface ClaimedJob {
  id: string;
  /** This claim's own id: ending the run matches it, so a run that outlived its lease changes nothing. */
  claimId: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempts: number;
}

/** How long a claim holds a job: past it, a job whose instance died is claimed again. */
export const JOB_LEASE_MS = 2 * 60_000;
/** Runs before a job is given up ('failed', its last error kept). */
export const JOB_MAX_ATTEMPTS = 8;
/** The wait before run n + 1 after n failed: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

const iso = (date: Date) => date.toISOString();

/**
 * Claims up to `limit` due jobs for this instance: due, pending, and not held by a live claim.
 * SKIP LOCKED lets instances claiming at the same moment take different rows instead of waiting.
 */
export async function claimDueJobs(db: Db, now: Date, limit: number): Promise<ClaimedJob[]> {
  return rowsOf<ClaimedJob>(await db.execute(sql`
    update jobs set locked_until = ${iso(new Date(now.getTime() + JOB_LEASE_MS))}, attempts = attempts + 1, claim_id = gen_random_uuid()
    where id in (
      select id from jobs
      where state = 'pending' and run_at <= ${iso(now)} and (locked_until is null or locked_until <= ${iso(now)})
      order by run_at limit ${limit}
      for update skip locked
    )
    returning id, claim_id as "claimId", kind, key, payload, attempts`));
}

/**
 * Ends a run. The claim is identified by its claim id, so a run whose lease ran out (another
 * instance claimed the job again) changes nothing. `again`: due again at that time, as a new
 * job (attempts from 0). Asked again meanwhile (`rerun_at`): pending again at the earlier of the two.
 */
export async function finishJob(db: Db, job: ClaimedJob, now: Date, again?: Date): Promise<void> {
  const next = again ? iso(again) : null;
  await db.execute(sql`
    update jobs set
      state = case when rerun_at is null and ${next}::timestamptz is null then 'done' else 'pending' end,
      run_at = coalesce(least(rerun_at, ${next}::timestamptz), rerun_at, ${next}::timestamptz, run_at),
      attempts = case when rerun_at is null and ${next}::timestamptz is null then attempts else 0 end,
      finished_at = case when rerun_at is null and ${next}::timestamptz is null then ${iso(now)}::timestamptz end,
      rerun_at = null, locked_until = null, claim_id = null, last_error = null
    where id = ${job.id} and claim_id = ${job.claimId} and state = 'pending'`);
}

/** A run threw: due again after the backoff, or given up after JOB_MAX_ATTEMPTS runs. */
export async function failJob(db: Db, job: ClaimedJob, now: Date, error: string): Promise<'retry' | 'failed'> {
  const failed = job.attempts >= JOB_MAX_ATTEMPTS;
  await db.execute(sql`
    update jobs set
      state = ${failed ? 'failed' : 'pending'},
      run_at = ${iso(new Date(now.getTime() + retryDelayMs(job.attempts)))},
      finished_at = ${failed ? iso(now) : null},
      locked_until = null, claim_id = null, last_error = ${error.slice(0, 2000)}
    where id = ${job.id} and claim_id = ${job.claimId} and state = 'pending'`);
  return failed ? 'failed' : 'retry';
}

/** Finished jobs are kept a week (to look into a failure), then deleted. */
export async function pruneFinishedJobs(db: Db, now: Date): Promise<number> {
  const rows = rowsOf(await db.execute(sql`
    delete from jobs where finished_at < ${iso(new Date(now.getTime() - 7 * 86_400_000))} returning 1`));
  return rows.length;
}
