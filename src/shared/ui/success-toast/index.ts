export { toastSuccess } from './success-toast';
