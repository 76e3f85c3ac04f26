export { Card } from './card';
export { CardGrid } from './card-grid';
export { CardLink } from './card-link';
export { RecordCard } from './record-card';
