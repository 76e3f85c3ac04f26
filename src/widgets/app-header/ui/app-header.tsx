import { useId } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { useGetNotificationsQuery } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { Icon } from '@/shared/ui/icon';
import { Logo } from '@/shared/ui/logo';
import './app-header.css';

interface AppHeaderProps {
  onOpenMenu: () => void;
  onOpenNotifications: () => void;
  menuOpen: boolean;
  notificationsOpen: boolean;
  menuId: string;
  notificationsId: string;
}

/**
 * The bell's count of unread notifications, signed in only. The notifications query stays subscribed
 * here, so its socket brings new ones live (the count rises without a reload).
 */
function useUnreadCount(): number {
  const loggedIn = useSelector(selectIsLoggedIn);
  const { data } = useGetNotificationsQuery(undefined, { skip: !loggedIn });
  return loggedIn ? (data?.filter((item) => !item.read).length ?? 0) : 0;
}

/** Brand header: side-menu toggle, brand name (from the runtime config), notifications bell. */
export function AppHeader({
  onOpenMenu,
  onOpenNotifications,
  menuOpen,
  notificationsOpen,
  menuId,
  notificationsId,
}: AppHeaderProps) {
  const { brandName } = getAppConfig();
  const unread = useUnreadCount();
  const unreadId = useId();

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <button
          type="button"
          className="app-header__icon-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>

        <Link to={paths.home()} className="app-header__brand">
          <Logo size={32} />
          <span className="app-header__name">{brandName}</span>
        </Link>

        <button
          type="button"
          className="app-header__icon-button"
          aria-label="Open notifications"
          aria-haspopup="dialog"
          aria-expanded={notificationsOpen}
          aria-controls={notificationsOpen ? notificationsId : undefined}
          aria-describedby={unread > 0 ? unreadId : undefined}
          onClick={onOpenNotifications}
        >
          <Icon name="bell" />
          {unread > 0 && (
            <span id={unreadId} className="app-header__badge">
              {unread > 9 ? '9+' : unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </button>
      </div>
    </header>
  );
}
