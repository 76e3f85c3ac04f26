export { CreateWhisperPage, EditWhisperPage } from './ui/whisper-editor-pages';
