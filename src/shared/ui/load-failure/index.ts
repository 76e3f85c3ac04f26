export { LoadFailure } from './load-failure';
export { RecordFallback } from './record-fallback';
