import type { JoinedChallenge } from '@/shared/api';

/** 'n of m steps done', as the joined page and My Challenges show a participant's progress. */
export function stepsDone(challenge: Pick<JoinedChallenge, 'participationSteps' | 'progress'>): string {
  const total = challenge.participationSteps.length;
  const done = challenge.progress.completedSteps.filter((step) => step < total).length;
  return `${done} of ${total} ${total === 1 ? 'step' : 'steps'} done`;
}
