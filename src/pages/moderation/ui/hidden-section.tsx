import { useId, useState } from 'react';
import { useGetHiddenContentQuery, useRestoreContentMutation, type HiddenItem } from '@/shared/api';
import { formatDayTime } from '@/shared/lib/date';
import { Button } from '@/shared/ui/button';
import { Tag } from '@/shared/ui/tag';
import { itemTypeLabel, MODERATION_TEXTS } from '../config/labels';
import { runAction } from '../lib/run-action';
import { ReasonDialog } from './reason-dialog';
import { SectionState } from './section-state';

function HiddenRow({ item }: { item: HiddenItem }) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [restore] = useRestoreContentMutation();
  const type = itemTypeLabel(item.itemType);
  const title = item.title || type;
  return (
    <li className="moderation-row moderation-row--plain">
      <div className="moderation-row__body">
        <p className="moderation-row__title">
          <Tag>{type}</Tag> <span id={titleId}>{title}</span>
        </p>
        <p className="moderation-row__meta">
          Hidden <time dateTime={item.at}>{formatDayTime(item.at)}</time>
        </p>
        <p className="moderation-row__reason">Why: {item.reason}</p>
      </div>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-describedby={titleId}>
        Restore
      </Button>
      <ReasonDialog
        open={open}
        title={`Restore this ${type.toLowerCase()}?`}
        submitLabel="Restore"
        busyLabel="Restoring..."
        onClose={() => setOpen(false)}
        onSubmit={({ reason }) => runAction(restore({ itemType: item.itemType, itemId: item.itemId, ...(reason ? { reason } : {}) }), 'Content restored.')}
      >
        <p>“{title}” shows again for everyone who could see it before.</p>
      </ReasonDialog>
    </li>
  );
}

export function HiddenSection() {
  const query = useGetHiddenContentQuery();
  return (
    <section className="moderation__section" aria-labelledby="moderation-hidden">
      <h2 id="moderation-hidden" className="moderation__subtitle">
        Hidden content
      </h2>
      <SectionState query={query} loading="Loading hidden content" failure="Could not load hidden content" empty={MODERATION_TEXTS.noHidden}>
        {(items) => (
          <ul className="moderation__list" aria-label="Hidden content">
            {items.map((item) => (
              <HiddenRow key={`${item.itemType}:${item.itemId}`} item={item} />
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
