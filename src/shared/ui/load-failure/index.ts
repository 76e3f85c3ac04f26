export { LoadFailure, CHECK_CONNECTION } from './load-failure';
