export { FollowButton, FOLLOW_TEXTS } from './ui/follow-button';
