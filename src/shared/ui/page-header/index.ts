export { PageHeader } from './page-header';
