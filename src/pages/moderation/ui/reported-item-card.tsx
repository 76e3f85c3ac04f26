import { useId, useState } from 'react';
import { getFullName, UserAvatar } from '@/entities/user';
import {
  useDismissReportsMutation, useHideContentMutation, useSuspendAccountMutation, type ReportedItem,
} from '@/shared/api';
import { assetUrl } from '@/shared/config';
import { formatDayTime } from '@/shared/lib/date';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Tag } from '@/shared/ui/tag';
import { itemTypeLabel, reasonLabel } from '../config/labels';
import { runAction } from '../lib/run-action';
import { ReasonDialog } from './reason-dialog';

type Dialog = 'dismiss' | 'hide' | 'suspend' | null;

/** One reported item as members see it, its open reports, and what a moderator can do about it. */
export function ReportedItemCard({ entry }: { entry: ReportedItem }) {
  const { itemType, itemId, item, reports } = entry;
  const titleId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dismiss] = useDismissReportsMutation();
  const [hide] = useHideContentMutation();
  const [suspend] = useSuspendAccountMutation();
  const close = () => setDialog(null);

  const type = itemTypeLabel(itemType);
  const heading = item?.title || (item ? type : `${type} (gone)`);
  // A reported member is the one to suspend (the server sends them as the item's author); for content, its author.
  const account = item?.author ?? null;
  const suspendable = account !== null && account.status === 'active';
  const suspendLabel = itemType === 'user' ? 'Suspend user' : 'Suspend author';

  return (
    <Card as="li" className="reported-item" aria-labelledby={titleId}>
      <div className="reported-item__head">
        <Tag>{type}</Tag>
        <span className="reported-item__count">{reports.length === 1 ? '1 report' : `${reports.length} reports`}</span>
      </div>
      <h3 id={titleId} className="reported-item__title">
        {heading}
      </h3>
      {!item && <p className="reported-item__gone">This item no longer exists.</p>}
      {item?.hidden && <p className="reported-item__hidden">Hidden: {item.hidden.reason}</p>}
      {item?.text && <p className="reported-item__text">{item.text}</p>}
      {item && item.images.length > 0 && (
        <ul className="reported-item__images" aria-label="Images">
          {item.images.map((src, index) => (
            <li key={`${index}:${src}`}>
              <img src={assetUrl(src)} alt={`Image ${index + 1} of ${item.images.length}`} width={96} height={72} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      {account && (
        <p className="reported-item__author">
          <UserAvatar user={account} size={32} />
          <span>
            {itemType === 'user' ? 'Member' : 'By'} {getFullName(account)} <span className="reported-item__username">@{account.username}</span>
            {account.status !== 'active' && <span className="reported-item__status"> ({account.status})</span>}
          </span>
        </p>
      )}
      <ul className="reported-item__reports" aria-label="Reports">
        {reports.map((report) => (
          <li key={report.id} className="reported-item__report">
            <span className="reported-item__reason">{reasonLabel(report.reason)}</span>
            <time dateTime={report.createdAt}>{formatDayTime(report.createdAt)}</time>
            {report.details && <p className="reported-item__details">{report.details}</p>}
          </li>
        ))}
      </ul>
      <div className="reported-item__actions">
        <Button size="sm" variant="secondary" onClick={() => setDialog('dismiss')} aria-describedby={titleId}>
          Dismiss
        </Button>
        {itemType !== 'user' && item && !item.hidden && (
          <Button size="sm" variant="danger" onClick={() => setDialog('hide')} aria-describedby={titleId}>
            Hide
          </Button>
        )}
        {suspendable && (
          <Button size="sm" variant="danger" onClick={() => setDialog('suspend')} aria-describedby={titleId}>
            {suspendLabel}
          </Button>
        )}
      </div>

      <ReasonDialog
        open={dialog === 'dismiss'}
        title="Dismiss these reports?"
        submitLabel="Dismiss"
        busyLabel="Dismissing..."
        onClose={close}
        onSubmit={({ reason }) => runAction(dismiss({ itemType, itemId, ...(reason ? { reason } : {}) }), 'Reports dismissed.')}
      >
        <p>The reports on “{heading}” are closed and nothing else changes.</p>
      </ReasonDialog>
      <ReasonDialog
        open={dialog === 'hide'}
        title={`Hide this ${type.toLowerCase()}?`}
        submitLabel="Hide"
        busyLabel="Hiding..."
        reasonRequired
        onClose={close}
        onSubmit={({ reason }) => runAction(hide({ itemType, itemId, reason }), 'Content hidden.')}
      >
        <p>Everyone but its author stops seeing “{heading}”. The author sees that moderators hid it, and your reason.</p>
      </ReasonDialog>
      {account && (
        <ReasonDialog
          open={dialog === 'suspend'}
          title={`Suspend @${account.username}?`}
          submitLabel="Suspend"
          busyLabel="Suspending..."
          reasonRequired
          withUntil
          onClose={close}
          onSubmit={({ reason, until }) => runAction(suspend({ userId: account.id, reason, ...(until ? { until } : {}) }), 'Account suspended.')}
        >
          <p>Their sessions end at once, their content is hidden from everyone, and they cannot log in until the suspension ends.</p>
        </ReasonDialog>
      )}
    </Card>
  );
}
