import type { Challenge, JoinedChallenge } from '@/shared/api';

/** 'n of m steps done', as the joined page and My Challenges show a participant's progress. */
export function stepsDone(challenge: Pick<JoinedChallenge, 'participationSteps' | 'progress'>): string {
  const total = challenge.participationSteps.length;
  const done = challenge.progress.completedSteps.filter((step) => step < total).length;
  return `${done} of ${total} ${total === 1 ? 'step' : 'steps'} done`;
}

/** The badge a challenge earns: its own name, else the challenge's title. */
export const badgeName = (challenge: Pick<Challenge, 'badge' | 'title'>) => challenge.badge || challenge.title;

/** '1 traveller', '12 travellers'. */
export const travellersText = (count: number) => `${count} ${count === 1 ? 'traveller' : 'travellers'}`;
