export { Card } from './card';
export { CardGrid } from './card-grid';
export { RecordCard } from './record-card';
