export { FormAlert } from './form-alert';
