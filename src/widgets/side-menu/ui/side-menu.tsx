import { useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { getFullName, isModerator, UserAvatar } from '@/entities/user';
import { LogoutButton } from '@/features/logout';
import { useSessionUser } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Modal } from '@/shared/ui/modal';
import './side-menu.css';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  id: string;
}

interface MenuLink {
  label: string;
  to: string;
  icon: IconName;
}

const mainLinks: MenuLink[] = [
  { label: 'Home', to: paths.home(), icon: 'home' },
  { label: 'Location', to: paths.location(), icon: 'location' },
  { label: 'Challenges', to: paths.challenges.root(), icon: 'trophy' },
  { label: 'Help & Support', to: paths.helpSupport(), icon: 'help' },
  { label: 'About Us', to: paths.aboutUs(), icon: 'info' },
];

const accountLinks: MenuLink[] = [
  { label: 'Profile', to: paths.profile(), icon: 'user' },
  { label: 'My trips', to: paths.trips(), icon: 'plane' },
  { label: 'Settings', to: paths.settings.root(), icon: 'settings' },
];

/** Moderators only (the role comes with their own profile). */
const moderatorLinks: MenuLink[] = [{ label: 'Moderation', to: paths.moderation(), icon: 'shield' }];

/** The menu's links, as list items; following one closes the menu. */
function LinkItems({ links, onClose }: { links: MenuLink[]; onClose: () => void }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} className="side-menu__link" onClick={onClose}>
        <Icon name={link.icon} />
        <span>{link.label}</span>
      </Link>
    </li>
  ));
}

/** The side menu titled Account (spec §2 "Side menu"). */
export function SideMenu({ open, onClose, id }: SideMenuProps) {
  const isLoggedIn = useSelector(selectIsLoggedIn);
  const { user } = useSessionUser();
  const navigate = useNavigate();
  const [accountOpen, setAccountOpen] = useState(false);
  const accountListId = useId();

  return (
    <Modal open={open} onClose={onClose} title="Account" placement="left" closeLabel="Close menu" id={id}>
      {isLoggedIn && user && (
        <div className="side-menu__profile">
          <UserAvatar user={user} size={56} />
          <div className="side-menu__who">
            <p className="side-menu__name">{getFullName(user)}</p>
            <p className="side-menu__tokens">
              <Icon name="coin" size={16} />
              <span>Token: {typeof user.tokens === 'number' ? user.tokens : 0}</span>
            </p>
          </div>
        </div>
      )}

      <nav aria-label="Menu">
        <ul className="side-menu__list">
          <LinkItems links={mainLinks} onClose={onClose} />

          {isLoggedIn && (
            <li>
              <button
                type="button"
                className="side-menu__link side-menu__group-toggle"
                aria-expanded={accountOpen}
                aria-controls={accountListId}
                onClick={() => setAccountOpen((value) => !value)}
              >
                <Icon name="user" />
                <span>My Account</span>
                <Icon name="chevronDown" className="side-menu__chevron" size={20} />
              </button>
              <ul id={accountListId} className="side-menu__sublist" hidden={!accountOpen}>
                <LinkItems links={accountLinks} onClose={onClose} />
              </ul>
            </li>
          )}
          {isLoggedIn && isModerator(user) && <LinkItems links={moderatorLinks} onClose={onClose} />}
        </ul>
      </nav>

      <div className="side-menu__footer">
        {isLoggedIn ? (
          <LogoutButton
            className="side-menu__link side-menu__logout"
            onLoggedOut={() => {
              onClose();
              navigate(paths.home());
            }}
          />
        ) : (
          <ButtonLink to={paths.login()} block onClick={onClose}>
            <Icon name="login" size={20} />
            Login
          </ButtonLink>
        )}
      </div>
    </Modal>
  );
}
