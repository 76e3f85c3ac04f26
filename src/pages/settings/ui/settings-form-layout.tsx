import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getAppConfig, paths } from '@/shared/config';
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
      <Link to={backTo} className="settings-form__back">
        <Icon name="arrowLeft" size={18} />
        {backLabel}
      </Link>
      <div className="settings-card settings-form__card">
        <span className="settings-form__icon">
          <Icon name={icon} />
        </span>
        <h1 className="page-title settings-form__title">{title}</h1>
        <p className="settings-form__description">{description}</p>
        {children}
      </div>
    </div>
  );
}
