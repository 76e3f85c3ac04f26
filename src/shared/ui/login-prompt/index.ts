export { LoginPrompt, FRIENDS_LOGIN_TEXT } from './login-prompt';
