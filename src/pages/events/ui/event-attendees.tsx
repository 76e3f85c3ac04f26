import { Link } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { getFullName, UserAvatar } from '@/entities/user';
import { useGetEventAttendeesQuery } from '@/shared/api';
import { selectIsLoggedIn } from '@/shared/auth';
import { paths } from '@/shared/config';
import { Card } from '@/shared/ui/card';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { ATTENDANCE_TEXTS } from '../lib/attendance';

/** The members going (names and pictures), for signed-in members; a visitor is asked to log in. */
export function EventAttendees({ eventId }: { eventId: string }) {
  const signedIn = useSelector(selectIsLoggedIn);
  return (
    <Card as="section" panel className="event-attendees" aria-labelledby="event-attendees-title">
      <h2 id="event-attendees-title" className="event-section__title">
        Who is going
      </h2>
      {signedIn ? (
        <AttendeeList eventId={eventId} />
      ) : (
        <p className="event-section__note">
          <Link to={paths.login()}>{ATTENDANCE_TEXTS.attendeesLogIn}</Link>
        </p>
      )}
    </Card>
  );
}

function AttendeeList({ eventId }: { eventId: string }) {
  const { data, isLoading, isError, refetch } = useGetEventAttendeesQuery(eventId);
  if (isLoading) return <LoadingState label="Loading who is going" />;
  if (isError || !data) return <LoadFailure title={ATTENDANCE_TEXTS.attendeesFailed} compact description={null} onRetry={refetch} />;
  if (data.length === 0) return <p className="event-section__note">{ATTENDANCE_TEXTS.noAttendees}</p>;
  return (
    <ul className="event-attendees__list">
      {data.map((attendee) => (
        <li key={attendee._id}>
          <Link className="event-attendees__member" to={paths.whispers.profile(attendee._id)}>
            <UserAvatar user={attendee} size={40} />
            <span>{getFullName(attendee)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
