import type { HTMLAttributes } from 'react';
import './card.css';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: 'li' for a card in a list. */
  as?: 'div' | 'li' | 'article' | 'section';
}

/** A padded surface whose parts stack with a gap: the frame of a list's cards (a trip, a companion). */
export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={['card', className].filter(Boolean).join(' ')} {...rest} />;
}
