export { WhispersPage } from './ui/whispers-page';
