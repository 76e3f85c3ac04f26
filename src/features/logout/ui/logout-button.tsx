import { Icon } from '@/shared/ui/icon';
import { useLogout } from '../model/use-logout';

interface LogoutButtonProps {
  /** Runs as soon as the local session is cleared (close the menu, go home). */
  onLoggedOut?: () => void;
  className?: string;
}

export function LogoutButton({ onLoggedOut, className }: LogoutButtonProps) {
  const { logout, isLoggingOut } = useLogout();

  return (
    <button
      type="button"
      className={className}
      disabled={isLoggingOut}
      aria-busy={isLoggingOut || undefined}
      onClick={() => {
        // The local session is gone synchronously; don't wait for the server to move on.
        void logout();
        onLoggedOut?.();
      }}
    >
      <Icon name="logout" />
      <span>Logout</span>
    </button>
  );
}
