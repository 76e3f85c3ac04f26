import type { HTMLAttributes } from 'react';
import './card.css';

/** A list of cards: one column on a phone, two, then three as the screen widens. */
export function CardGrid({ className, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return <ul className={['card-grid', className].filter(Boolean).join(' ')} {...rest} />;
}
