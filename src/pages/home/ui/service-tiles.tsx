import { Link } from 'react-router-dom';
import { Icon } from '@/shared/ui/icon';
import { tiles } from '../config/tiles';

export function ServiceTiles() {
  return (
    <section className="home__services" aria-labelledby="home-services-title">
      <h2 id="home-services-title" className="home__section-title">
        Explore
      </h2>
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={`tile tile--${tile.tone}`}>
              <span className="tile__icon">
                <Icon name={tile.icon} size={28} />
              </span>
              <span className="tile__label">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
