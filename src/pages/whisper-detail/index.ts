export { WhisperDetailPage } from './ui/whisper-detail-page';
