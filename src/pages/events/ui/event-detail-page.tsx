import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getName } from '@/entities/user';
import { ReportButton } from '@/features/report-content';
import { getErrorMessage, useDeleteEventMutation, useGetEventQuery, type EventDetail as Event } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { BackLink } from '@/shared/ui/back-link';
import { RecordCard } from '@/shared/ui/card';
import { FactList } from '@/shared/ui/fact-list';
import { HiddenNotice } from '@/shared/ui/hidden-notice';
import { PageMeta } from '@/shared/ui/page-meta';
import { RecordActions } from '@/widgets/record-actions';
import { formatDateRange, formatTimeRange } from '@/shared/lib/date';
import { readsUpdates } from '../lib/attendance';
import { EVENT_MESSAGES } from '../lib/event-form';
import { EventAttendance } from './event-attendance';
import { EventAttendees } from './event-attendees';
import { EventLoadProblem } from './event-load-problem';
import { EventUpdates } from './event-updates';
import './events.css';

/**
 * /events/{id}: the event, its organiser (Contact), the owner's Edit and Delete; Going and
 * Interested with the counts and the waitlist, who is going, and the organiser's updates.
 */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const query = useGetEventQuery(id);
  const event = query.data;

  let content;
  if (query.isLoading || query.isError || !event) {
    content = <EventLoadProblem query={query} />;
  } else {
    content = <EventPage event={event} />;
  }

  return (
    <div className="page event-detail-page">
      <PageMeta title={`${event?.title || 'Event'} | ${getAppConfig().brandName}`} description={event?.description.slice(0, 160)} />
      <BackLink to={paths.events.root()}>Events</BackLink>
      {content}
    </div>
  );
}

function EventDetail({ event }: { event: Event }) {
  const navigate = useNavigate();
  const userId = useSelector(selectUserId);
  const isOwner = userId !== null && userId !== undefined && userId === event.createdBy._id;
  const [deleteEvent, { isLoading: deleting }] = useDeleteEventMutation();
  const organiser = getName(event.createdBy);
  const times = formatTimeRange(event.timeFrom, event.timeTo);

  const remove = async () => {
    try {
      const result = await deleteEvent(event._id).unwrap();
      toast.success(result.message || EVENT_MESSAGES.deleted);
      navigate(paths.events.root());
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  };

  return (
    <RecordCard
      title={event.title}
      media={event.thumbnail && <img className="event-detail__banner" src={event.thumbnail} alt="" width={1200} height={500} decoding="async" />}
    >
      <HiddenNotice moderation={event.moderation} />
      {organiser && <p className="event-detail__by">By {organiser}</p>}
      <FactList
        iconsOnly
        facts={[
          { icon: 'calendar', label: 'Dates', value: formatDateRange(event.startDate, event.endDate) },
          !!times && { icon: 'clock', label: 'Time', value: times },
          !!event.address && { icon: 'location', label: 'Address', value: event.address },
        ]}
      />
      <p className="event-detail__description">{event.description}</p>
      <RecordActions
        className="event-detail__actions"
        contact={{ kind: 'event', id: event._id, name: organiser }}
        owner={isOwner ? {
          editTo: paths.events.edit(event._id),
          deleteTitle: 'Delete this event?',
          deleteText: `“${event.title}” will be removed for everyone. This cannot be undone.`,
          deleting,
          onDelete: remove,
        } : undefined}
      />
      {!isOwner && <ReportButton itemType="event" itemId={event._id} size="sm" className="event-detail__report" />}
    </RecordCard>
  );
}

/** The event and, below it, who is coming and the organiser's news. */
function EventPage({ event }: { event: Event }) {
  const userId = useSelector(selectUserId);
  const { attendance } = event;
  const isOrganiser = !!userId && userId === event.createdBy._id;
  return (
    <>
      <EventDetail event={event} />
      {attendance && <EventAttendance event={{ ...event, attendance }} />}
      <EventAttendees eventId={event._id} />
      <EventUpdates eventId={event._id} isOrganiser={isOrganiser} reads={!!userId && readsUpdates(isOrganiser, attendance)} />
    </>
  );
}
