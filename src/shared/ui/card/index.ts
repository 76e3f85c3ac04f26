export { Card } from './card';
export { RecordCard } from './record-card';
