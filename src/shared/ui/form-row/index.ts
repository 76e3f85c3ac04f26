export { FormRow } from './form-row';
