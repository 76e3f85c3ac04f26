import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useGetMyTripsQuery, useUpdateTripMutation, type Trip } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Icon } from '@/shared/ui/icon';
import { PageMeta } from '@/shared/ui/page-meta';
import { LoadingState } from '@/shared/ui/spinner';
import { TRIP_MESSAGES } from '../config/messages';
import { toTripFormValues, toTripInput, type TripFormValues } from '../lib/trip-form';
import { useSettleTrip } from '../model/settle-trip';
import { useLeaveForLogin } from '../model/use-leave-for-login';
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
    <div className="page trips-page">
      <PageMeta title={`Edit trip | ${getAppConfig().brandName}`} />
      <Link to={paths.trips()} className="trips-back">
        <Icon name="arrowLeft" size={18} />
        Back to My trips
      </Link>
      <div className="trip-form-card">
        <h1 className="page-title">Edit trip</h1>
        {content}
      </div>
    </div>
  );
}

function EditTripForm({ trip }: { trip: Trip }) {
  const navigate = useNavigate();
  const leaveForLogin = useLeaveForLogin();
  const settleTrip = useSettleTrip();
  const [updateTrip, { isLoading }] = useUpdateTripMutation();

  const submit = async (values: TripFormValues) => {
    const outcome = await settleTrip(updateTrip({ id: trip._id, input: toTripInput(values) }));
    if (!outcome.ok) {
      if (outcome.unauthorized) {
        leaveForLogin();
        return null;
      }
      return outcome.failure;
    }
    toast.success(outcome.message || TRIP_MESSAGES.updated);
    void navigate(paths.trips());
    return null;
  };

  return <TripForm initialValues={toTripFormValues(trip)} onSubmit={submit} busy={isLoading} submitLabel="Save Changes" busyLabel="Saving..." />;
}
