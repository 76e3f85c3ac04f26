import { useSelector } from 'react-redux';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { FormPage } from '@/shared/ui/form-page';
import { EVENT_MESSAGES } from '../lib/event-form';
import { EventForm } from './event-form';
import { useRouteEvent } from './event-load-problem';
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
  const userId = useSelector(selectUserId);
  const { id, event, problem } = useRouteEvent('h2');

  let content;
  if (!event) {
    content = problem;
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
