import type { Static } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { createNotification } from '../notifications/service.js';
import type { ChallengeSchema, JoinedChallengeSchema, Progress } from './schemas.js';
import { userChanged } from '../../lib/cached-reads.js';

type ChallengeDto = Static<typeof ChallengeSchema>;
type ProgressDto = Static<typeof Progress>;
type JoinedDto = Static<typeof JoinedChallengeSchema>;

interface ChallengeRow {
  id: string;
  title: string;
  description: string;
  participation_steps: string[];
  badge: string;
  reward_tokens: number;
  created_at: Date | string;
  participants: string[];
}
interface ProgressRow {
  joined_at: Date | string;
  completed_steps: number[];
  completed_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A challenge's columns and its participants (active users only, in the order they joined). The
 * statement starts with `select`: db/client.ts counts any other as a write.
 */
const challengesWhere = (where: SQL, extra: SQL = sql``) => sql`
  select c.id, c.title, c.description, c.participation_steps, c.badge, c.reward_tokens, c.created_at,
    array(
      select p.user_id::text from challenge_participants p join users u on u.id = p.user_id and u.status = 'active'
      where p.challenge_id = c.id order by p.joined_at, p.user_id
    ) as participants ${extra}
  from challenges c ${where}`;

const progressColumns = sql`, me.joined_at, me.completed_steps, me.completed_at`;

const toChallengeDto = (row: ChallengeRow): ChallengeDto => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  participationSteps: row.participation_steps,
  participants: row.participants.map((id) => ({ user: id, userId: id })),
  badge: row.badge,
  rewardTokens: row.reward_tokens,
  createdAt: iso(row.created_at),
});
const toProgressDto = (row: ProgressRow): ProgressDto => ({
  joinedAt: iso(row.joined_at),
  completedSteps: [...row.completed_steps].sort((a, b) => a - b),
  completedAt: row.completed_at === null ? null : iso(row.completed_at),
});

/** Every challenge, newest first. */
export async function listChallenges(db: Db): Promise<ChallengeDto[]> {
  const rows = rowsOf<ChallengeRow>(await db.execute(challengesWhere(sql`order by c.created_at desc, c.id`)));
  return rows.map(toChallengeDto);
}

/** One challenge, with the caller's progress when they take part; undefined when there is none. */
export async function findChallenge(db: Db, id: string, callerId: string | undefined) {
  const me = callerId ?? '00000000-0000-0000-0000-000000000000';
  const [row] = rowsOf<ChallengeRow & Partial<ProgressRow>>(await db.execute(challengesWhere(
    sql`left join challenge_participants me on me.challenge_id = c.id and me.user_id = ${me} where c.id = ${id}`,
    progressColumns,
  )));
  if (!row) return undefined;
  const progress = row.joined_at ? toProgressDto(row as ProgressRow) : null;
  return { ...toChallengeDto(row), progress };
}

/** The challenges the user takes part in, the latest joined first, each with their progress. */
export async function joinedChallenges(db: Db, userId: string): Promise<JoinedDto[]> {
  const rows = rowsOf<ChallengeRow & ProgressRow>(await db.execute(challengesWhere(
    sql`join challenge_participants me on me.challenge_id = c.id and me.user_id = ${userId} order by me.joined_at desc, c.id`,
    progressColumns,
  )));
  return rows.map((row) => ({ ...toChallengeDto(row), progress: toProgressDto(row) }));
}

async function joinedChallenge(db: Db, challengeId: string, userId: string): Promise<JoinedDto | undefined> {
  const [row] = rowsOf<ChallengeRow & ProgressRow>(await db.execute(challengesWhere(
    sql`join challenge_participants me on me.challenge_id = c.id and me.user_id = ${userId} where c.id = ${challengeId}`,
    progressColumns,
  )));
  return row && { ...toChallengeDto(row), progress: toProgressDto(row) };
}

/**
 * Joins the challenge: one row per user and challenge (its primary key), so joining twice, or twice
 * at once, is joining once. Undefined when there is no such challenge.
 */
export async function joinChallenge(db: Db, challengeId: string, userId: string): Promise<JoinedDto | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into challenge_participants (challenge_id, user_id)
      select id, ${userId} from challenges where id = ${challengeId}
      on conflict do nothing`);
    return joinedChallenge(tx as unknown as Db, challengeId, userId);
  });
}

export type StepOutcome =
  | { outcome: 'missing' | 'not-joined' | 'no-such-step' | 'complete' }
  | { outcome: 'done'; challenge: JoinedDto; badgeEarned: boolean; tokens: number };

/**
 * Ticks a step off (or back on) for a participant. Ticking off the last one earns the challenge's
 * badge and adds its tokens to the user's count, once: the participation row is locked for the
 * transaction, so two last steps ticked at once earn it once. A finished challenge stays finished
 * (its steps can no longer be unticked).
 */
export async function setStep(db: Db, challengeId: string, userId: string, step: number, done: boolean): Promise<StepOutcome> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ completed_steps: number[]; completed_at: Date | null; steps: number; title: string; badge: string; reward_tokens: number }>(
      await tx.execute(sql`
        select p.completed_steps, p.completed_at, cardinality(c.participation_steps) as steps, c.title, c.badge, c.reward_tokens
        from challenge_participants p join challenges c on c.id = p.challenge_id
        where p.challenge_id = ${challengeId} and p.user_id = ${userId}
        for update of p`));
    if (!row) {
      const [challenge] = rowsOf<{ id: string }>(await tx.execute(sql`select id from challenges where id = ${challengeId}`));
      return { outcome: challenge ? 'not-joined' : 'missing' };
    }
    if (step >= Number(row.steps)) return { outcome: 'no-such-step' };
    const ticked = new Set(row.completed_steps);
    if (row.completed_at !== null && !done) return { outcome: 'complete' };
    if (done) ticked.add(step);
    else ticked.delete(step);
    const finishes = row.completed_at === null && ticked.size === Number(row.steps);
    await tx.execute(sql`
      update challenge_participants
      set completed_steps = ${`{${[...ticked].sort((a, b) => a - b).join(',')}}`}::integer[],
        completed_at = case when ${finishes} then now() else completed_at end
      where challenge_id = ${challengeId} and user_id = ${userId}`);
    let tokens: number;
    if (finishes) {
      [{ tokens }] = rowsOf<{ tokens: number }>(await tx.execute(sql`
        update users set tokens = tokens + ${row.reward_tokens} where id = ${userId} returning tokens`));
      await userChanged(tx, userId, { shown: false });
      const reward = row.reward_tokens > 0 ? ` (+${row.reward_tokens} tokens)` : '';
      await createNotification(tx, userId, {
        kind: 'badge',
        link: '/challenges',
        title: 'Badge earned',
        body: `You finished "${row.title}" and earned the ${row.badge || row.title} badge${reward}.`,
      });
    } else {
      [{ tokens }] = rowsOf<{ tokens: number }>(await tx.execute(sql`select tokens from users where id = ${userId}`));
    }
    const challenge = (await joinedChallenge(tx as unknown as Db, challengeId, userId))!;
    return { outcome: 'done', challenge, badgeEarned: finishes, tokens };
  });
}
