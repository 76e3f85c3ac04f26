import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icon';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
  /** 'h1' when the state is all a page shows (a detail page's 'not found'): it is then the page's heading. */
  titleAs?: 'p' | 'h1' | 'h2';
}

export function EmptyState({ title, description, icon = 'info', action, titleAs: Title = 'p' }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon">
        <Icon name={icon} size={28} />
      </span>
      <Title className="empty-state__title">{title}</Title>
      {description && <p className="empty-state__description">{description}</p>}
      {action}
    </div>
  );
}
