import { useGetModerationLogQuery } from '@/shared/api';
import { formatDayTime } from '@/shared/lib/date';
import { ACTION_LABELS, itemTypeLabel, MODERATION_TEXTS } from '../config/labels';
import { SectionState } from './section-state';

/** The audit log: who did what, when and why, newest first. */
export function LogSection() {
  const query = useGetModerationLogQuery();
  return (
    <section className="moderation__section" aria-labelledby="moderation-log">
      <h2 id="moderation-log" className="moderation__subtitle">
        Audit log
      </h2>
      <SectionState query={query} loading="Loading the audit log" failure="Could not load the audit log" empty={MODERATION_TEXTS.noLog}>
        {(actions) => (
          <ol className="moderation__list moderation-log" aria-label="Audit log">
            {actions.map((entry) => (
              <li key={entry.id} className="moderation-log__entry">
                <p className="moderation-log__what">
                  <strong>@{entry.moderator.username}</strong> {ACTION_LABELS[entry.action]} {entry.action === 'suspend' || entry.action === 'unsuspend' ? 'an account' : `a ${itemTypeLabel(entry.itemType).toLowerCase()}`}
                  <span className="moderation-row__muted"> ({entry.itemId})</span>
                </p>
                <p className="moderation-row__meta">
                  <time dateTime={entry.createdAt}>{formatDayTime(entry.createdAt)}</time>
                </p>
                {entry.reason && <p className="moderation-row__reason">Why: {entry.reason}</p>}
              </li>
            ))}
          </ol>
        )}
      </SectionState>
    </section>
  );
}
