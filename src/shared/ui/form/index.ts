export { Form, FormRow } from './form';
