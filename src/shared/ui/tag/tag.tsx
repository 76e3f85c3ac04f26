import type { ReactNode } from 'react';
import './tag.css';

/** A short label in a pill: a category, a date, a count. */
export function Tag({ children }: { children: ReactNode }) {
  return <span className="tag">{children}</span>;
}
