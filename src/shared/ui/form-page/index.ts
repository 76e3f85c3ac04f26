export { FormPage } from './form-page';
