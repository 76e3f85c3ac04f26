export { useRequireLogin } from './model/use-require-login';
export { SignedOut } from './ui/signed-out';
