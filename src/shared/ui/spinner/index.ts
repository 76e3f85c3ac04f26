export { Spinner, LoadingState } from './spinner';
