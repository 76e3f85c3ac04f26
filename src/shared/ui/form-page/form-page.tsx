import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getAppConfig } from '@/shared/config';
import { Icon } from '../icon';
import { PageMeta } from '../page-meta';
import './form-page.css';

interface FormPageProps {
  /** The heading, and the document's title before the brand name. */
  title: string;
  /** The document's title when it differs from the heading. */
  pageTitle?: string;
  description?: string;
  /** A link back (to the list, or the record being edited). */
  back?: { to: string; label: string };
  children: ReactNode;
}

/** A page that holds one form (or what stands in for it while it loads): a link back, then the title and the form in a card. */
export function FormPage({ title, pageTitle = title, description, back, children }: FormPageProps) {
  return (
    <div className="page form-page">
      <PageMeta title={`${pageTitle} | ${getAppConfig().brandName}`} description={description} />
      {back && (
        <Link to={back.to} className="form-page__back">
          <Icon name="arrowLeft" size={18} />
          {back.label}
        </Link>
      )}
      <div className="form-page__card">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
