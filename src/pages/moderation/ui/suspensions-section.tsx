import { useId, useState } from 'react';
import { getFullName, UserAvatar } from '@/entities/user';
import { useGetSuspensionsQuery, useLiftSuspensionMutation, type SuspendedAccount } from '@/shared/api';
import { formatDayTime } from '@/shared/lib/date';
import { Button } from '@/shared/ui/button';
import { MODERATION_TEXTS } from '../config/labels';
import { runAction } from '../lib/run-action';
import { ReasonDialog } from './reason-dialog';
import { SectionState } from './section-state';

function SuspendedRow({ account }: { account: SuspendedAccount }) {
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const [lift] = useLiftSuspensionMutation();
  return (
    <li className="moderation-row">
      <UserAvatar user={account} size={40} />
      <div className="moderation-row__body">
        <p id={nameId} className="moderation-row__title">
          {getFullName(account)} <span className="moderation-row__muted">@{account.username}</span>
        </p>
        <p className="moderation-row__meta">
          Since <time dateTime={account.since}>{formatDayTime(account.since)}</time>
          {account.until ? (
            <>
              {' '}until <time dateTime={account.until}>{formatDayTime(account.until)}</time>
            </>
          ) : (
            ', no end date'
          )}
        </p>
        <p className="moderation-row__reason">Why: {account.reason}</p>
      </div>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-describedby={nameId}>
        Lift suspension
      </Button>
      <ReasonDialog
        open={open}
        title={`Lift the suspension of @${account.username}?`}
        submitLabel="Lift suspension"
        busyLabel="Lifting..."
        onClose={() => setOpen(false)}
        onSubmit={({ reason }) => runAction(lift({ userId: account.id, ...(reason ? { reason } : {}) }), 'Suspension lifted.')}
      >
        <p>They can log in again, and their content shows again.</p>
      </ReasonDialog>
    </li>
  );
}

export function SuspensionsSection() {
  const query = useGetSuspensionsQuery();
  return (
    <section className="moderation__section" aria-labelledby="moderation-suspended">
      <h2 id="moderation-suspended" className="moderation__subtitle">
        Suspended accounts
      </h2>
      <SectionState query={query} loading="Loading suspended accounts" failure="Could not load suspended accounts" empty={MODERATION_TEXTS.noSuspensions} icon="user">
        {(accounts) => (
          <ul className="moderation__list" aria-label="Suspended accounts">
            {accounts.map((account) => (
              <SuspendedRow key={account.id} account={account} />
            ))}
          </ul>
        )}
      </SectionState>
    </section>
  );
}
