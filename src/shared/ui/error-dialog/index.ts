export { ErrorDialog } from './error-dialog';
