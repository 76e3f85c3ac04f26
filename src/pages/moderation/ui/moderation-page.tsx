import { useGetModerationReportsQuery } from '@/shared/api';
import { getAppConfig } from '@/shared/config';
import { PageMeta } from '@/shared/ui/page-meta';
import { MODERATION_TEXTS } from '../config/labels';
import { HiddenSection } from './hidden-section';
import { LogSection } from './log-section';
import { ReportedItemCard } from './reported-item-card';
import { SectionState } from './section-state';
import { SuspensionsSection } from './suspensions-section';
import './moderation.css';

/**
 * /moderation (moderators only; the route shows anyone else the 404 page): open reports grouped by
 * item, newest first, with Dismiss, Hide and Suspend; suspended accounts, hidden content and the audit log.
 */
export function ModerationPage() {
  const reports = useGetModerationReportsQuery();
  return (
    <div className="page moderation">
      <PageMeta title={`Moderation | ${getAppConfig().brandName}`} description="Open reports, suspensions, hidden content and the audit log." />
      <h1 className="page-title">Moderation</h1>
      <section className="moderation__section" aria-labelledby="moderation-reports">
        <h2 id="moderation-reports" className="moderation__subtitle">
          Open reports
        </h2>
        <SectionState query={reports} loading="Loading reports" failure="Could not load the reports" empty={MODERATION_TEXTS.noReports}>
          {(items) => (
            <ul className="moderation__list" aria-label="Reported items">
              {items.map((entry) => (
                <ReportedItemCard key={`${entry.itemType}:${entry.itemId}`} entry={entry} />
              ))}
            </ul>
          )}
        </SectionState>
      </section>
      <SuspensionsSection />
      <HiddenSection />
      <LogSection />
    </div>
  );
}
