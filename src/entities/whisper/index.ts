export { authorName, RELATIVE_TIME_REFRESH_MS, STOCK_WHISPER_IMAGE, WHISPER_CAROUSEL_MS, whisperImages } from './lib/whisper-images';
