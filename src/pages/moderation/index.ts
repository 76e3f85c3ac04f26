export { ModerationPage } from './ui/moderation-page';
