export { PageMeta } from './page-meta';
