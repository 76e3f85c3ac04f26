export { useRequireLogin } from './model/use-require-login';
