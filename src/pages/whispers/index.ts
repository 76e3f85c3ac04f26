export { WhispersPage } from './ui/whispers-page';
export { WhisperDetailPage } from './ui/whisper-detail-page';
export { WhisperProfilePage } from './ui/whisper-profile-page';
