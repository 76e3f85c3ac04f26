export { WhispersPage } from './ui/whispers-page';
export { WhisperDetailPage } from './ui/whisper-detail-page';
export { WhisperProfilePage } from './ui/whisper-profile-page';
export { CreateWhisperPage, EditWhisperPage } from './ui/whisper-editor-pages';
