import { useId } from 'react';
import type { Trip } from '@/shared/api';
import { paths } from '@/shared/config';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icon';
import { formatDateRange } from '@/shared/lib/date';
import { daysText, formatAmount } from '../lib/dates';

interface TripCardProps {
  trip: Trip;
  /** Upcoming trips can be changed and cancelled; past ones are only shown. */
  onCancel?: (trip: Trip) => void;
}

/** One trip: from → to, dates, No. of days, travellers and budget; Edit and 'Cancel trip' while upcoming. */
export function TripCard({ trip, onCancel }: TripCardProps) {
  const titleId = useId();
  return (
    <li className="trip-card">
      <h3 id={titleId} className="trip-card__title">
        {trip.from}
        <span aria-hidden="true"> → </span>
        <span className="visually-hidden"> to </span>
        {trip.to}
      </h3>
      <dl className="trip-card__facts">
        <div>
          <dt>
            <Icon name="calendar" size={16} />
            Dates
          </dt>
          <dd>{formatDateRange(trip.startDate, trip.endDate)}</dd>
        </div>
        <div>
          <dt>
            <Icon name="clock" size={16} />
            No. of days
          </dt>
          <dd>{daysText(trip.days)}</dd>
        </div>
        <div>
          <dt>
            <Icon name="user" size={16} />
            Travellers
          </dt>
          <dd>{trip.peopleCount}</dd>
        </div>
        <div>
          <dt>
            <Icon name="coin" size={16} />
            Budget
          </dt>
          <dd>{formatAmount(trip.budget)}</dd>
        </div>
      </dl>
      {onCancel && (
        <div className="trip-card__actions">
          <ButtonLink variant="secondary" size="sm" to={paths.editTrip(trip._id)} aria-describedby={titleId}>
            Edit
          </ButtonLink>
          <Button variant="danger" size="sm" onClick={() => onCancel(trip)} aria-describedby={titleId}>
            Cancel trip
          </Button>
        </div>
      )}
    </li>
  );
}
