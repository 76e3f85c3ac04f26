import type { ReactNode } from 'react';
import { Logo } from '../logo';
import './auth-layout.css';

interface AuthLayoutProps {
  brandName: string;
  /** Line under the brand on the illustrated panel. */
  tagline: string;
  /** The page heading (h1) at the top of the card. */
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Links under the form ('Sign Up', 'Already have an account? Login', ...). */
  footer?: ReactNode;
}

/**
 * Shell-less screen for login, registration and password recovery: an illustrated brand panel
 * (top band on phones, left half on desktop) and the form card.
 */
export function AuthLayout({ brandName, tagline, title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="auth-layout">
      <div className="auth-layout__hero">
        <div className="auth-layout__brand">
          <span className="auth-layout__mark">
            <Logo size={40} />
          </span>
          <span className="auth-layout__name">{brandName}</span>
        </div>
        <p className="auth-layout__tagline">{tagline}</p>
        <img className="auth-layout__art" src="/images/auth-hero.svg" alt="" width={480} height={320} />
      </div>
      <div className="auth-layout__panel">
        <div className="auth-layout__card">
          <h1 className="auth-layout__title">{title}</h1>
          {subtitle && <p className="auth-layout__subtitle">{subtitle}</p>}
          {children}
          {footer && <div className="auth-layout__footer">{footer}</div>}
        </div>
      </div>
    </div>
  );
}
