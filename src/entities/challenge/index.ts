export { BadgeCard, ChallengeCard } from './ui/challenge-card';
export { badgeName, stepsDone, travellersText } from './lib/progress';
