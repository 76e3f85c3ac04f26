import { useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { useGetEventQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { EVENT_MESSAGES } from '../lib/event-form';
import { EventForm } from './event-form';
import { EventLoadProblem, isMissing } from './event-load-problem';
import './events.css';

function FormLayout({ title, backTo, backLabel, children }: { title: string; backTo: string; backLabel: string; children: React.ReactNode }) {
  return (
    <div className="page event-form-page">
      <PageMeta title={`${title} | ${getAppConfig().brandName}`} />
      <Link to={backTo} className="events-back">
        <Icon name="arrowLeft" size={18} />
        {backLabel}
      </Link>
      <div className="event-form-card">
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/** /events/add-event: open to visitors; submitting asks them to log in first. */
export function AddEventPage() {
  return (
    <FormLayout title="Request Event" backTo={paths.events.root()} backLabel="Events">
      <EventForm />
    </FormLayout>
  );
}

/** /events/{id}/edit (signed in): the owner's form over the loaded event; anyone else is told so. */
export function EditEventPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  const { data: event, isLoading, isError, error, refetch } = useGetEventQuery(id);

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading event" />;
  } else if (isError || !event) {
    content = <EventLoadProblem heading="h2" missing={!event && (!isError || isMissing(error))} onRetry={() => void refetch()} />;
  } else if (event.createdBy._id !== userId) {
    content = (
      <p className="event-form-page__notice" role="alert">
        {EVENT_MESSAGES.notOwner}
      </p>
    );
  } else {
    // Keyed by event: the form starts from the loaded values and keeps edits across refetches.
    content = <EventForm key={event._id} event={event} />;
  }

  return (
    <FormLayout title="Edit Event" backTo={paths.events.byId(id)} backLabel="Back to the event">
      {content}
    </FormLayout>
  );
}
