export { ChallengesPage } from './ui/challenges-page';
export { ChallengeDetailPage, JoinedChallengePage } from './ui/challenge-pages';
