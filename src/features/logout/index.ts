export { LogoutButton } from './ui/logout-button';
export { useLogout } from './model/use-logout';
export { useClearSession } from './model/use-clear-session';
