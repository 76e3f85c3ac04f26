import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { TripCard } from '@/entities/trip';
import { getErrorMessage, useCancelTripMutation, useGetMyTripsQuery, type Trip } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { CardGrid } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { TRIP_MESSAGES } from '../config/messages';
import { formatDateRange } from '@/shared/lib/date';
import { useSessionLost } from '../model/use-session-lost';
import './trips.css';

const PLAN_A_TRIP = '+ Plan a trip';

function TripSection({ title, trips, empty, onCancel }: { title: string; trips: Trip[]; empty: string; onCancel?: (trip: Trip) => void }) {
  const headingId = `trips-${title.toLowerCase()}`;
  return (
    <section className="trips-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="trips-section__title">
        {title}
      </h2>
      {trips.length === 0 ? (
        <p className="trips-section__empty">{empty}</p>
      ) : (
        <CardGrid aria-labelledby={headingId}>
          {trips.map((trip) => (
            <TripCard key={trip._id} trip={trip} onCancel={onCancel} />
          ))}
        </CardGrid>
      )}
    </section>
  );
}

/** /trips (signed in): the traveller's upcoming trips (Edit, 'Cancel trip') and past ones. */
export function MyTripsPage() {
  const userId = useSelector(selectUserId);
  const { data, isLoading, refetch } = useGetMyTripsQuery(userId ?? skipToken);
  const [cancelTrip, { isLoading: cancelling }] = useCancelTripMutation();
  const sessionLost = useSessionLost();
  // The trip asked about stays while the dialog fades out; `open` says whether it is asked.
  const [confirming, setConfirming] = useState<{ trip: Trip; open: boolean } | null>(null);
  const ask = (trip: Trip) => setConfirming({ trip, open: true });
  const close = () => setConfirming((current) => (current ? { ...current, open: false } : null));

  const cancel = async (trip: Trip) => {
    try {
      const result = await cancelTrip(trip._id).unwrap();
      // The list follows through its tags (the trip leaves it).
      toast.success(result.message || TRIP_MESSAGES.cancelled);
    } catch (failure) {
      // A refused session goes to /login, which says why.
      if (!sessionLost()) toast.error(getErrorMessage(failure));
    } finally {
      close();
    }
  };

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading your trips" />;
  } else if (!data) {
    content = <LoadFailure title="Could not load your trips" onRetry={refetch} />;
  } else if (data.upcoming.length === 0 && data.past.length === 0) {
    content = (
      <EmptyState
        icon="plane"
        title="No trips yet"
        description="Plan a trip, and travellers heading the same way on the same days can find you."
        action={<ButtonLink to={paths.planTrip()}>{PLAN_A_TRIP}</ButtonLink>}
      />
    );
  } else {
    content = (
      <>
        <ButtonLink to={paths.planTrip()} className="trips-page__plan">
          {PLAN_A_TRIP}
        </ButtonLink>
        <TripSection title="Upcoming" trips={data.upcoming} empty="No upcoming trips." onCancel={ask} />
        <TripSection title="Past" trips={data.past} empty="No past trips yet." />
      </>
    );
  }

  return (
    <div className="page trips-page">
      <PageMeta title={`My trips | ${getAppConfig().brandName}`} description="Your upcoming and past trips." />
      <h1 className="page-title">My trips</h1>
      {content}
      <ConfirmDialog
        open={confirming?.open ?? false}
        title="Cancel this trip?"
        tone="danger"
        confirmLabel="Cancel trip"
        cancelLabel="Keep trip"
        busy={cancelling}
        busyLabel="Cancelling..."
        onConfirm={() => {
          if (confirming) void cancel(confirming.trip);
        }}
        onCancel={close}
      >
        {confirming && (
          <p>
            Your trip from {confirming.trip.from} to {confirming.trip.to} ({formatDateRange(confirming.trip.startDate, confirming.trip.endDate)}) will be
            removed, and travellers heading the same way will no longer see it.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
