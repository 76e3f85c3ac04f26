export { Tag } from './tag';
