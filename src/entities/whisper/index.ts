export { WhisperCard } from './ui/whisper-card';
export { commentsText, likesText, RELATIVE_TIME_REFRESH_MS, WHISPER_CAROUSEL_MS, whisperImages } from './lib/whisper-display';
