import type { ReactNode } from 'react';
import './card.css';
import { Link } from 'react-router-dom';

interface CardLinkProps {
  to: string;
  /** The card's name, first and in bold; it takes the link colour on hover. */
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** The text of a card as one link to the record: its title, then what the card says of it. */
export function CardLink({ to, title, children, className }: CardLinkProps) {
  return (
    <Link to={to} className={['card-link', className].filter(Boolean).join(' ')}>
      <span className="card-link__title">{title}</span>
      {children}
    </Link>
  );
}
