import { Link } from 'react-router-dom';
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
          onClick={onOpenNotifications}
        >
          <Icon name="bell" />
        </button>
      </div>
    </header>
  );
}
