import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../icon';
import './back-link.css';

/** The link back above a page's content ('Events', 'Back to My trips'), with its arrow. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <Icon name="arrowLeft" size={18} />
      {children}
    </Link>
  );
}
