import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { getErrorMessage, useGetEventUpdatesQuery, usePostEventUpdateMutation } from '@/shared/api';
import { formatDayTime } from '@/shared/lib/date';
import { Card } from '@/shared/ui/card';
import { Button } from '@/shared/ui/button';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { TextAreaField } from '@/shared/ui/text-field';
import { ATTENDANCE_TEXTS, UPDATE_MAX } from '../lib/attendance';

/**
 * The organiser's updates, newest first, for the organiser and the members going or waiting (the
 * server answers no one else); the others read why they see none. The organiser also gets the form
 * to post one (the people going are notified).
 */
export function EventUpdates({ eventId, isOrganiser, reads }: { eventId: string; isOrganiser: boolean; reads: boolean }) {
  return (
    <Card as="section" panel className="event-updates" aria-labelledby="event-updates-title">
      <h2 id="event-updates-title" className="event-section__title">
        {ATTENDANCE_TEXTS.updatesTitle}
      </h2>
      {isOrganiser && <UpdateForm eventId={eventId} />}
      {reads ? <UpdateList eventId={eventId} /> : <p className="event-section__note">{ATTENDANCE_TEXTS.updatesForGoing}</p>}
    </Card>
  );
}

function UpdateList({ eventId }: { eventId: string }) {
  const { data, isLoading, isError, refetch } = useGetEventUpdatesQuery(eventId);
  if (isLoading) return <LoadingState label="Loading updates" />;
  if (isError || !data) return <LoadFailure title={ATTENDANCE_TEXTS.updatesFailed} compact description={null} onRetry={refetch} />;
  if (data.length === 0) return <p className="event-section__note">{ATTENDANCE_TEXTS.noUpdates}</p>;
  return (
    <ol className="event-updates__list">
      {data.map((update) => (
        <li key={update._id} className="event-updates__item">
          <p className="event-updates__text">{update.text}</p>
          <time className="event-updates__time" dateTime={update.createdAt}>
            {formatDayTime(update.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function UpdateForm({ eventId }: { eventId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [post, { isLoading }] = usePostEventUpdateMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(ATTENDANCE_TEXTS.updateRequired);
      return;
    }
    try {
      const result = await post({ eventId, text: trimmed }).unwrap();
      setText('');
      setError(undefined);
      toast.success(result.message || ATTENDANCE_TEXTS.updatePosted);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <form noValidate className="event-updates__form" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label={ATTENDANCE_TEXTS.updateLabel}
        name="update"
        rows={3}
        maxLength={UPDATE_MAX}
        value={text}
        error={error}
        hint={`${text.length}/${UPDATE_MAX} · Everyone going is notified.`}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <Button type="submit" size="sm" disabled={isLoading}>
        {isLoading ? 'Posting...' : 'Post update'}
      </Button>
    </form>
  );
}
