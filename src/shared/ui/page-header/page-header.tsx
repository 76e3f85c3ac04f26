import type { ReactNode } from 'react';
import './page-header.css';

/** A page's h1 with what it offers beside it ('+ Add Skills', 'Requests'). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
