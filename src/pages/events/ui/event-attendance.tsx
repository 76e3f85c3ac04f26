import { eventCalendarUrl, useSetEventRsvpMutation, type Attendance, type EventDetail, type RsvpRequest } from '@/shared/api';
import { useRequireLogin } from '@/features/require-login';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';
import { Card } from '@/shared/ui/card';
import { ButtonAnchor, Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { ATTENDANCE_TEXTS, attendanceCounts, hasEnded, myAnswerText } from '../lib/attendance';

/**
 * Going and Interested (toggles: pressing the one that is on takes the answer back), the counts,
 * the capacity, where the member stands (the waitlist position), and "Add to calendar". The change
 * shows at once and is put back, with a toast, if the server refuses (shared/api). Both buttons
 * wait while an answer is on its way, so a second click never races the first.
 */
export function EventAttendance({ event }: { event: EventDetail & { attendance: Attendance } }) {
  const { attendance } = event;
  const [setRsvp, { isLoading }] = useSetEventRsvpMutation();
  const requireLogin = useRequireLogin(ATTENDANCE_TEXTS.logIn);
  const ended = hasEnded(event.endDate);
  const mine = attendance.myStatus;
  const going = mine === 'going' || mine === 'waiting';
  const full = attendance.capacity !== null && attendance.going >= attendance.capacity;

  const answer = (status: RsvpRequest) => {
    if (!requireLogin()) return;
    // The key is made now, when the member acts: a retry from the offline queue sends it again.
    void setRsvp({ eventId: event._id, status, idempotencyKey: newIdempotencyKey() }).unwrap().catch(() => undefined); // the toast says it
  };

  return (
    <Card as="section" panel className="event-attendance" aria-labelledby="event-attendance-title">
      <h2 id="event-attendance-title" className="event-section__title">
        Who is coming
      </h2>
      <p className="event-attendance__counts">{attendanceCounts(attendance)}</p>
      {ended ? (
        <p className="event-attendance__note">{ATTENDANCE_TEXTS.ended}</p>
      ) : (
        <>
          {full && !going && <p className="event-attendance__note">{ATTENDANCE_TEXTS.full}</p>}
          <div className="event-attendance__buttons" role="group" aria-label="Your answer">
            <Button variant={going ? 'primary' : 'secondary'} aria-pressed={going} disabled={isLoading} onClick={() => answer(going ? 'none' : 'going')}>
              <Icon name="check" size={18} />
              Going
            </Button>
            <Button
              variant={mine === 'interested' ? 'primary' : 'secondary'}
              aria-pressed={mine === 'interested'}
              disabled={isLoading}
              onClick={() => answer(mine === 'interested' ? 'none' : 'interested')}
            >
              <Icon name="sparkle" size={18} />
              Interested
            </Button>
          </div>
        </>
      )}
      <p className="event-attendance__mine" role="status">
        {myAnswerText(attendance)}
      </p>
      <ButtonAnchor variant="ghost" size="sm" href={eventCalendarUrl(event._id)} download className="event-attendance__calendar">
        <Icon name="calendar" size={18} />
        Add to calendar
      </ButtonAnchor>
    </Card>
  );
}
