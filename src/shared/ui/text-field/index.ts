export { TextField, TextAreaField, SelectField } from './text-field';
