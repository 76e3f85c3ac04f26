import type { ReactNode } from 'react';
import './status-page.css';

interface StatusPageProps {
  title: string;
  text?: string;
  /** Big decorative code ('404'), hidden from screen readers. */
  code?: string;
  /** Decorative illustration URL. */
  art?: string;
  action?: ReactNode;
}

/** A centred one-message screen: 404, coming soon, logged-out notices. */
export function StatusPage({ title, text, code, art, action }: StatusPageProps) {
  return (
    <div className="page status-page">
      {art && <img className="status-page__art" src={art} alt="" width={280} height={200} />}
      {code && (
        <p className="status-page__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="status-page__title">{title}</h1>
      {text && <p className="status-page__text">{text}</p>}
      {action}
    </div>
  );
}
