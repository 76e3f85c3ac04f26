import type { ReactNode } from 'react';
import { getAppConfig } from '@/shared/config';
import { BackLink } from '../back-link';
import { PageMeta } from '../page-meta';
import './form-page.css';

interface FormPageProps {
  /** The page's h1, and its document title unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  description?: string;
  /** A link back above the card. */
  back?: { to: string; label: string };
  children: ReactNode;
}

/** A page that is one form: a link back, then a card with the title and the form (plan a trip, request an event). */
export function FormPage({ title, documentTitle = title, description, back, children }: FormPageProps) {
  return (
    <div className="page form-page">
      <PageMeta title={`${documentTitle} | ${getAppConfig().brandName}`} description={description} />
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <div className="form-page__card">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
