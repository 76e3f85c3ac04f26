export { LoadFailure } from './load-failure';
