import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { getErrorMessage, useGetCalendarFeedQuery, useRenewCalendarFeedMutation, useTurnOffCalendarFeedMutation } from '@/shared/api';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormAlert } from '@/shared/ui/form-alert';
import { Icon } from '@/shared/ui/icon';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { FEED_TEXTS } from '../lib/calendar-feed';

/**
 * "Calendar feed": a private address calendar apps subscribe to, holding the events the member is
 * going to. Made here, copied, revoked (a new address; the old one stops working) or turned off.
 */
export function CalendarFeed() {
  const { data: url, isLoading, isError, refetch } = useGetCalendarFeedQuery();
  const [renew, renewing] = useRenewCalendarFeedMutation();
  const [turnOff, turningOff] = useTurnOffCalendarFeedMutation();
  const [confirming, setConfirming] = useState<'revoke' | 'off' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const busy = renewing.isLoading || turningOff.isLoading;

  const act = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      toast.success(done);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setConfirming(null);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(FEED_TEXTS.copied);
    } catch {
      // No clipboard (an insecure page, a refused permission): the field is selected to copy by hand.
      toast.info(FEED_TEXTS.copyByHand);
    }
  };

  let body;
  if (isLoading) body = <LoadingState label="Loading your calendar feed" />;
  else if (isError) body = <LoadFailure title="Could not load your calendar feed" compact description={null} onRetry={refetch} />;
  else if (!url) {
    body = (
      <Button variant="secondary" disabled={busy} onClick={() => void act(() => renew().unwrap(), FEED_TEXTS.made)}>
        <Icon name="calendar" size={18} />
        {renewing.isLoading ? 'Creating...' : 'Create feed URL'}
      </Button>
    );
  } else {
    body = (
      <>
        <TextField label="Your feed URL" value={url} readOnly onFocus={(event) => event.target.select()} className="calendar-feed__url" />
        <div className="calendar-feed__actions">
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            Copy URL
          </Button>
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming('revoke')}>
            <Icon name="refresh" size={16} />
            Revoke
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming('off')}>
            Turn off
          </Button>
        </div>
      </>
    );
  }

  return (
    <Card as="section" panel className="calendar-feed" aria-labelledby="settings-calendar-feed" aria-describedby={hintId}>
      <h2 id="settings-calendar-feed" className="settings-card__title">
        Calendar feed
      </h2>
      <p id={hintId} className="calendar-feed__hint">
        {FEED_TEXTS.hint}
      </p>
      <FormAlert message={error} />
      {body}
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Revoke this feed URL?"
        confirmLabel="Revoke"
        busy={renewing.isLoading}
        busyLabel="Revoking..."
        onConfirm={() => void act(() => renew().unwrap(), FEED_TEXTS.revoked)}
        onCancel={() => setConfirming(null)}
      >
        <p>{FEED_TEXTS.revokeText}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'off'}
        title="Turn the calendar feed off?"
        confirmLabel="Turn off"
        busy={turningOff.isLoading}
        busyLabel="Turning off..."
        onConfirm={() => void act(() => turnOff().unwrap(), FEED_TEXTS.turnedOff)}
        onCancel={() => setConfirming(null)}
      >
        <p>{FEED_TEXTS.offText}</p>
      </ConfirmDialog>
    </Card>
  );
}
