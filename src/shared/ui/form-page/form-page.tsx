import type { ReactNode } from 'react';
import { getAppConfig } from '@/shared/config';
import { BackLink } from '../back-link';
import { Card } from '../card';
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
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <Card panel className="form-page__card">
        <h1 className="page-title">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
