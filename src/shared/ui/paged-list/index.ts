export { PagedList } from './paged-list';
