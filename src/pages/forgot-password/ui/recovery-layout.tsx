import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getAppConfig, paths } from '@/shared/config';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { PageMeta } from '@/shared/ui/page-meta';
import './forgot-password.css';

interface RecoveryLayoutProps {
  pageTitle: string;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** Extra links above 'Back to Login'. */
  footer?: ReactNode;
}

/** The three password-recovery screens: shell-less, like login (spec §1). */
export function RecoveryLayout({ pageTitle, title, subtitle, children, footer }: RecoveryLayoutProps) {
  const { brandName } = getAppConfig();
  return (
    <>
      <PageMeta title={`${pageTitle} | ${brandName}`} description={`Reset the password of your ${brandName} account.`} />
      <AuthLayout
        brandName={brandName}
        tagline="Locked out? A one-time code sent to your e-mail gets you back on the road."
        title={title}
        footer={
          <>
            {footer}
            <p>
              <Link to={paths.login()}>Back to Login</Link>
            </p>
          </>
        }
      >
        <p className="recovery__subtitle">{subtitle}</p>
        {children}
      </AuthLayout>
    </>
  );
}
