import { useId } from 'react';
import type { Trip } from '@/shared/api';
import { paths } from '@/shared/config';
import { formatDateRange } from '@/shared/lib/date';
import { Button, ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FactList } from '@/shared/ui/fact-list';
import { daysText, formatAmount } from '../lib/trip-display';
import './trip-card.css';

interface TripCardProps {
  trip: Trip;
  /** Upcoming trips can be changed and cancelled (the page asks first); past ones are only shown. */
  onCancel?: (trip: Trip) => void;
}

/** One trip: from → to, dates, No. of days, travellers and budget; Edit and 'Cancel trip' while upcoming. */
export function TripCard({ trip, onCancel }: TripCardProps) {
  const titleId = useId();
  return (
    <Card as="li" className="trip-card">
      <h3 id={titleId} className="trip-card__title">
        {trip.from}
        <span aria-hidden="true"> → </span>
        <span className="visually-hidden"> to </span>
        {trip.to}
      </h3>
      <FactList
        facts={[
          { icon: 'calendar', label: 'Dates', value: formatDateRange(trip.startDate, trip.endDate) },
          { icon: 'clock', label: 'No. of days', value: daysText(trip.days) },
          { icon: 'user', label: 'Travellers', value: trip.peopleCount },
          { icon: 'coin', label: 'Budget', value: formatAmount(trip.budget) },
        ]}
      />
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
    </Card>
  );
}
