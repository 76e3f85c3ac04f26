import { NavLink } from 'react-router-dom';
import { paths } from '@/shared/config';
import { Icon, type IconName } from '@/shared/ui/icon';
import './bottom-nav.css';

const items: { label: string; to: string; icon: IconName; end?: boolean }[] = [
  { label: 'Home', to: paths.home(), icon: 'home', end: true },
  { label: 'Needs', to: paths.needs.root(), icon: 'needs' },
  { label: 'Event', to: paths.events.root(), icon: 'event' },
  { label: 'Skills', to: paths.skills.root(), icon: 'skills' },
  { label: 'Companion', to: paths.companions(), icon: 'companion' },
];

/** Bottom navigation (spec §1); NavLink marks the active item with aria-current="page". */
export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="bottom-nav__link">
              <span className="bottom-nav__icon">
                <Icon name={item.icon} size={22} />
              </span>
              <span className="bottom-nav__label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
