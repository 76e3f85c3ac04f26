import { Link } from 'react-router-dom';
import { Icon } from '../icon';
import './back-link.css';

/** A link back to where the page came from (a list, a record, the settings), arrow first. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="back-link">
      <Icon name="arrowLeft" size={18} />
      {children}
    </Link>
  );
}
