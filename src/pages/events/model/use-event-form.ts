import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useRequireLogin } from '@/features/require-login';
import { getErrorField, getServerMessage, useCreateEventMutation, useUpdateEventMutation, type TravelEvent } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm, type SubmitFailure } from '@/shared/lib/form';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { toastSuccess } from '@/shared/ui/success-toast';
import {
  EVENT_MESSAGES,
  newEventForm,
  serverFieldNames,
  toEventFormValues,
  toEventInput,
  validateEventEdit,
  validateNewEvent,
  type EventFormValues,
} from '../lib/event-form';
import { useBanner } from './use-banner';
import { useEventAddress } from './use-event-address';

export type EventFormState = ReturnType<typeof useForm<EventFormValues>>;

/**
 * Request Event (create) and Edit Event: the form's state and its submit. A visitor is sent to log
 * in; the address is looked up before sending if it was not yet. A failure keeps what was typed: a
 * message about one field goes under it, anything else into the Error dialog (`form.formError`).
 */
export function useEventForm(event?: TravelEvent) {
  const navigate = useNavigate();
  const userId = useSelector(selectUserId);
  const [createEvent, { isLoading: creating }] = useCreateEventMutation();
  const [updateEvent, { isLoading: updating }] = useUpdateEventMutation();
  // The submit waits for the address's lookup.
  const [locating, setLocating] = useState(false);
  const busy = creating || updating || locating;
  const form = useForm({
    initialValues: () => (event ? toEventFormValues(event) : newEventForm()),
    validate: event ? validateEventEdit : validateNewEvent,
    busy,
  });
  const address = useEventAddress(form);
  const banner = useBanner(form);
  const idempotency = useIdempotencyKey();
  const requireLogin = useRequireLogin();

  const send = async (values: EventFormValues): Promise<SubmitFailure | null> => {
    if (values.geo !== 'found') setLocating(true);
    const place = await address.coordinatesFor(values);
    setLocating(false);
    if (!place) {
      form.focus('address');
      return null;
    }
    const input = toEventInput(values, place, banner.file);
    const { geo: _geo, ...fields } = values;
    try {
      if (event) {
        const saved = await updateEvent({ id: event._id, input }).unwrap();
        toastSuccess(saved.message || EVENT_MESSAGES.updated);
        navigate(paths.events.byId(event._id));
      } else {
        const idempotencyKey = idempotency.keyFor([...Object.values(fields), banner.file]);
        const saved = await createEvent({ userId: userId ?? '', input, idempotencyKey }).unwrap();
        idempotency.reset();
        toastSuccess(saved.message || EVENT_MESSAGES.created);
        navigate(paths.home());
      }
      return null;
    } catch (error) {
      return { message: getServerMessage(error) ?? EVENT_MESSAGES.failed, field: getErrorField(error) };
    }
  };

  const onSubmit = form.handleSend(send, { canSubmit: requireLogin, fieldNames: serverFieldNames });
  return { form, address, banner, busy, onSubmit };
}
