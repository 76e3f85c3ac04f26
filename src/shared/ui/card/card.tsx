import type { HTMLAttributes } from 'react';
import './card.css';

interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: 'li' for a card in a list. */
  as?: 'div' | 'li' | 'article' | 'section';
  /** Opens with a picture edge to edge (a carousel): no padding, the parts pad themselves. */
  media?: boolean;
  /** A page's own panel (a form, the profile, the settings): more room, and laid out by its page. */
  panel?: boolean;
}

/** A surface whose parts stack with a gap: the frame of a list's cards (a trip, a skill, a whisper). */
export function Card({ as: Tag = 'div', media = false, panel = false, className, ...rest }: CardProps) {
  return <Tag className={['card', media && 'card--media', panel && 'card--panel', className].filter(Boolean).join(' ')} {...rest} />;
}
