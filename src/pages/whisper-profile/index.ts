export { WhisperProfilePage } from './ui/whisper-profile-page';
