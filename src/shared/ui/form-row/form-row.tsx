import type { ReactNode } from 'react';
import './form-row.css';

/** Two fields side by side once the screen is wide enough (start and end date), stacked on a phone. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="form-row">{children}</div>;
}
