import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { useGetEventQuery } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { FormPage } from '@/shared/ui/form-page';
import { EVENT_MESSAGES } from '../lib/event-form';
import { EventForm } from './event-form';
import { EventLoadProblem } from './event-load-problem';
import './events.css';

/** /events/add-event: open to visitors; submitting asks them to log in first. */
export function AddEventPage() {
  return (
    <FormPage title="Request Event" back={{ to: paths.events.root(), label: 'Events' }}>
      <EventForm />
    </FormPage>
  );
}

/** /events/{id}/edit (signed in): the owner's form over the loaded event; anyone else is told so. */
export function EditEventPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  const query = useGetEventQuery(id);
  const event = query.data;

  let content;
  if (query.isLoading || query.isError || !event) {
    content = <EventLoadProblem heading="h2" query={query} />;
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
    <FormPage title="Edit Event" back={{ to: paths.events.byId(id), label: 'Back to the event' }}>
      {content}
    </FormPage>
  );
}
