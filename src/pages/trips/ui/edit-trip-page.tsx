import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useRequireLogin } from '@/features/require-login';
import { settleStatus, useGetMyTripsQuery, useUpdateTripMutation, type Trip } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormPage } from '@/shared/ui/form-page';
import { LoadFailure } from '@/shared/ui/load-failure';
import { LoadingState } from '@/shared/ui/spinner';
import { TRIP_MESSAGES } from '../config/messages';
import { toTripFormValues, toTripInput, type TripFormValues } from '../lib/trip-form';
import { TripForm } from './trip-form';
import './trips.css';

/** /trips/{id}/edit (signed in): the form over one of the traveller's upcoming trips, from the My trips list. */
export function EditTripPage() {
  const { id = '' } = useParams();
  const userId = useSelector(selectUserId);
  // Fresh: a trip may have ended, or been cancelled in another tab, since the list was read.
  const { data, isLoading, isError, refetch } = useGetMyTripsQuery(userId ?? skipToken, { refetchOnMountOrArgChange: true });
  const upcoming = data?.upcoming.find((trip) => trip._id === id);
  const past = data?.past.some((trip) => trip._id === id);

  let content;
  if (isLoading) {
    content = <LoadingState label="Loading trip" />;
  } else if (upcoming) {
    // Keyed by trip: the form starts from the loaded values and keeps edits across refetches.
    content = <EditTripForm key={upcoming._id} trip={upcoming} />;
  } else if (isError || !data) {
    content = <LoadFailure titleAs="h2" title="Could not load this trip" onRetry={refetch} />;
  } else if (past) {
    content = <EmptyState titleAs="h2" icon="calendar" title={TRIP_MESSAGES.pastUnchangeable} description="This trip is over; only upcoming trips can be changed." />;
  } else {
    content = <EmptyState titleAs="h2" icon="plane" title={TRIP_MESSAGES.notFound} description="It may have been cancelled." />;
  }

  return (
    <FormPage title="Edit trip" back={{ to: paths.trips(), label: 'Back to My trips' }}>
      {content}
    </FormPage>
  );
}

function EditTripForm({ trip }: { trip: Trip }) {
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const [updateTrip, { isLoading }] = useUpdateTripMutation();

  const submit = async (values: TripFormValues) => {
    const outcome = await settleStatus(updateTrip({ id: trip._id, input: toTripInput(values) }), TRIP_MESSAGES.failed);
    // A failure that ended the session (a 401) asks for a login instead.
    if (!outcome.ok) return requireLogin() ? outcome : null;
    toast.success(outcome.result.message || TRIP_MESSAGES.updated);
    void navigate(paths.trips());
    return null;
  };

  return <TripForm initialValues={toTripFormValues(trip)} onSubmit={submit} busy={isLoading} submitLabel="Save Changes" busyLabel="Saving..." />;
}
