export { JoinButton } from './ui/join-button';
