export { Form } from './form';
