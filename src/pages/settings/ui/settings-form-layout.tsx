import type { ReactNode } from 'react';
import { getAppConfig, paths } from '@/shared/config';
import { BackLink } from '@/shared/ui/back-link';
import { Card } from '@/shared/ui/card';
import { Icon, type IconName } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import './settings-page.css';

interface SettingsFormLayoutProps {
  title: string;
  icon: IconName;
  description: ReactNode;
  children: ReactNode;
  /** Where the back link goes; Account Settings by default. */
  backTo?: string;
  backLabel?: string;
}

/** One account form (change password, change e-mail, verify code) in a card under a back link. */
export function SettingsFormLayout({
  title,
  icon,
  description,
  children,
  backTo = paths.settings.root(),
  backLabel = 'Account Settings',
}: SettingsFormLayoutProps) {
  return (
    <div className="page settings-form">
      <PageMeta title={`${title} | ${getAppConfig().brandName}`} />
      <BackLink to={backTo}>{backLabel}</BackLink>
      <Card panel className="settings-form__card">
        <span className="settings-form__icon">
          <Icon name={icon} />
        </span>
        <h1 className="page-title settings-form__title">{title}</h1>
        <p className="settings-form__description">{description}</p>
        {children}
      </Card>
    </div>
  );
}
