export { validateLogin, PASSWORD_MIN_LENGTH } from './login';
export type { LoginValues, LoginField } from './login';
export { validateRegister, EMAIL_PATTERN, REGISTER_PHONE_PATTERN } from './register';
export type { RegisterValues, RegisterField } from './register';
export { hasErrors, required, minLength, matches, firstError, compact } from './rules';
export type { FieldErrors, Rule } from './rules';
