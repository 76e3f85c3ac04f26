import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useSendTripRequestMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { PageMeta } from '@/shared/ui/page-meta';
import { TRIP_MESSAGES } from '../config/messages';
import { emptyTripForm, toTripInput, type TripFormValues } from '../lib/trip-form';
import { useSettleTrip } from '../model/settle-trip';
import { useLeaveForLogin } from '../model/use-leave-for-login';
import { TripForm } from './trip-form';
import './trips.css';

/** /plan-trip (signed in, spec §2): send a trip request, then home. */
export function PlanTripPage() {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const leaveForLogin = useLeaveForLogin();
  const settleTrip = useSettleTrip();
  const [sendTripRequest, { isLoading }] = useSendTripRequestMutation();
  const idempotency = useIdempotencyKey();

  const submit = async (values: TripFormValues) => {
    if (!userId) {
      leaveForLogin();
      return null;
    }
    const input = toTripInput(values);
    // The same data sent again (after a lost answer, say) is a retry: the same key, one trip.
    const idempotencyKey = idempotency.keyFor(Object.values(input));
    const outcome = await settleTrip(sendTripRequest({ userId, input, idempotencyKey }));
    if (!outcome.ok) {
      if (outcome.unauthorized) {
        leaveForLogin();
        return null;
      }
      return outcome.failure;
    }
    idempotency.reset();
    toast.success(outcome.message || TRIP_MESSAGES.sent);
    void navigate(paths.home());
    return null;
  };

  return (
    <div className="page trips-page">
      <PageMeta title={`Plan Trip | ${getAppConfig().brandName}`} description="Plan a trip: where from, where to, when, with how many and on what budget." />
      <div className="trip-form-card">
        <h1 className="page-title">Plan Trip</h1>
        <TripForm initialValues={emptyTripForm} onSubmit={submit} busy={isLoading} submitLabel="Submit" busyLabel="Submitting..." />
      </div>
    </div>
  );
}
