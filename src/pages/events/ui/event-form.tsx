import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import {
  getErrorField,
  getServerMessage,
  useCreateEventMutation,
  useUpdateEventMutation,
  type EventSaved,
  type TravelEvent,
} from '@/shared/api';
import { selectIsLoggedIn, selectUserId } from '@/shared/auth';
import { paths, SUBMIT_MESSAGES } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { toastSuccess } from '@/shared/ui/success-toast';
import { TextField } from '@/shared/ui/text-field';
import { today } from '../lib/dates';
import {
  checkBanner,
  coordinate,
  emptyEventForm,
  EVENT_MESSAGES,
  serverFieldNames,
  submissionSignature,
  toEventFormValues,
  toEventInput,
  validateEventEdit,
  validateNewEvent,
} from '../lib/event-form';
import { useGeocode } from '../model/use-geocode';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';

/** The address is looked up once typing has paused this long (or when the field loses focus). */
const GEOCODE_PAUSE_MS = 800;

const newKey = newIdempotencyKey;

/** A local preview of the chosen banner (none where the browser cannot make object URLs). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

interface EventFormProps {
  /** The event being edited; none for a new one. */
  event?: TravelEvent;
}

/** Request Event (create) and Edit Event: one form, the banner required only on create. */
export function EventForm({ event }: EventFormProps) {
  const editing = event !== undefined;
  const navigate = useNavigate();
  const isLoggedIn = useSelector(selectIsLoggedIn);
  const userId = useSelector(selectUserId);
  const [createEvent, { isLoading: creating }] = useCreateEventMutation();
  const [updateEvent, { isLoading: updating }] = useUpdateEventMutation();
  // `locating`: the submit waits for a lookup; `lookups`: how many lookups run (the address's hint says so).
  const [locating, setLocating] = useState(false);
  const [lookups, setLookups] = useState(0);
  const busy = creating || updating || locating;
  const form = useForm({
    initialValues: () => (event ? toEventFormValues(event) : emptyEventForm),
    validate: editing ? validateEventEdit : validateNewEvent,
    busy,
  });
  const { values, errors, setValue, setFieldError, field, focus } = form;
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreview(file);
  const [failure, setFailure] = useState<string | null>(null);
  const [toLogin, setToLogin] = useState(false);
  const geocode = useGeocode();
  // The address as typed now: a lookup that comes back for an older one is dropped.
  const addressNow = useRef(values.address);
  // One Idempotency-Key per submission attempt, kept while the same data is sent again.
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const ids = { description: useId(), banner: useId(), bannerError: useId() };
  const minStart = today();

  /** Looks the address up and writes the coordinates, or 'Location not found'; null when not found. */
  const locate = async (address: string) => {
    const query = address.trim();
    if (!query) return null;
    setLookups((count) => count + 1);
    const place = await geocode(query).finally(() => setLookups((count) => count - 1));
    if (addressNow.current.trim() !== query) return null;
    if (place) {
      setValue('latitude', coordinate(place.lat));
      setValue('longitude', coordinate(place.lon));
      setValue('geo', 'found');
      setFieldError('address', undefined);
      return { latitude: coordinate(place.lat), longitude: coordinate(place.lon) };
    }
    setValue('latitude', '');
    setValue('longitude', '');
    setValue('geo', 'missing');
    setFieldError('address', EVENT_MESSAGES.locationNotFound);
    return null;
  };

  // Typing paused: look the new address up.
  const { address, geo } = values;
  useEffect(() => {
    if (geo !== 'idle' || address.trim() === '') return undefined;
    const timer = window.setTimeout(() => void locate(address), GEOCODE_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // locate changes every render; the lookup depends on the address only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, geo]);

  const changeAddress = (change: ChangeEvent<HTMLInputElement>) => {
    const next = change.target.value;
    addressNow.current = next;
    setValue('address', next);
    // The coordinates belonged to the old address.
    setValue('latitude', '');
    setValue('longitude', '');
    setValue('geo', 'idle');
    if (errors.address === EVENT_MESSAGES.locationNotFound) setFieldError('address', undefined);
  };

  const chooseBanner = (change: ChangeEvent<HTMLInputElement>) => {
    const chosen = change.target.files?.[0] ?? null;
    const problem = chosen ? checkBanner(chosen) : undefined;
    if (!chosen || problem) {
      change.target.value = '';
      setFile(null);
      setValue('banner', '');
      if (problem) setFieldError('banner', problem);
      return;
    }
    setFile(chosen);
    setValue('banner', chosen.name);
    setFieldError('banner', undefined);
  };

  const save = form.handleSubmit(async (current) => {
    // Not looked up yet (typing just stopped, or never left the field): look it up now.
    const place = current.geo === 'found' ? { latitude: current.latitude, longitude: current.longitude } : null;
    let found = place;
    if (!found) {
      setLocating(true);
      found = await locate(current.address);
      setLocating(false);
      if (!found) {
        focus('address');
        return;
      }
    }
    const input = toEventInput(current, found, file);
    let request: { unwrap: () => Promise<EventSaved> };
    if (event) {
      request = updateEvent({ id: event._id, input });
    } else {
      const signature = submissionSignature(current, file);
      if (attempt.current?.signature !== signature) attempt.current = { signature, key: newKey() };
      request = createEvent({ userId: userId ?? '', input, idempotencyKey: attempt.current.key });
    }
    try {
      const saved = await request.unwrap();
      attempt.current = null;
      if (event) {
        toastSuccess(saved.message || EVENT_MESSAGES.updated);
        navigate(paths.events.byId(event._id));
      } else {
        toastSuccess(saved.message || EVENT_MESSAGES.created);
        navigate(paths.home());
      }
    } catch (error) {
      const message = getServerMessage(error) ?? EVENT_MESSAGES.failed;
      // A message about one field goes under it; anything else in the Error dialog. Input is kept.
      if (!form.showServerError(getErrorField(error), message, serverFieldNames)) setFailure(message);
    }
  });

  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    if (!isLoggedIn) {
      submitted.preventDefault();
      toast.error(EVENT_MESSAGES.unauthorized);
      // Rendered rather than navigated here: a navigation inside the submit event starts a
      // transition that makes React treat the prevented submit as a form action.
      setToLogin(true);
      return undefined;
    }
    return save(submitted);
  };

  if (toLogin) return <Navigate to={paths.login()} />;

  const descriptionField = field('description');
  const bannerField = field('banner');

  return (
    <>
      <form className="event-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <TextField {...field('title')} label="Title" maxLength={120} autoComplete="off" />
        <div className={['text-field', errors.description && 'text-field--invalid'].filter(Boolean).join(' ')}>
          <label className="text-field__label" htmlFor={ids.description}>
            Description
          </label>
          <textarea
            ref={descriptionField.ref}
            id={ids.description}
            name="description"
            className="text-field__input event-form__description"
            rows={5}
            maxLength={3000}
            value={values.description}
            onChange={(change) => setValue('description', change.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${ids.description}-error` : undefined}
          />
          {errors.description && (
            <p id={`${ids.description}-error`} className="text-field__error">
              {errors.description}
            </p>
          )}
        </div>
        <TextField
          {...field('address')}
          onChange={changeAddress}
          onBlur={() => {
            if (values.geo === 'idle') void locate(values.address);
          }}
          label="Full address"
          maxLength={300}
          autoComplete="street-address"
          hint={lookups > 0 ? 'Finding the location…' : 'Latitude and longitude are filled in from the address.'}
        />
        <div className="event-form__row">
          <TextField label="Latitude" name="latitude" value={values.latitude} readOnly placeholder="Auto-filled" />
          <TextField label="Longitude" name="longitude" value={values.longitude} readOnly placeholder="Auto-filled" />
        </div>
        <div className="event-form__row">
          <TextField {...field('startDate')} label="Start date" type="date" min={editing ? undefined : minStart} />
          <TextField {...field('startTime')} label="Start time" type="time" />
        </div>
        <div className="event-form__row">
          <TextField {...field('endDate')} label="End date" type="date" min={values.startDate || minStart} />
          <TextField {...field('endTime')} label="End time" type="time" />
        </div>
        <div className={['text-field', errors.banner && 'text-field--invalid'].filter(Boolean).join(' ')}>
          <label className="text-field__label" htmlFor={ids.banner}>
            Banner image{editing ? ' (leave empty to keep the current one)' : ''}
          </label>
          <input
            ref={bannerField.ref}
            id={ids.banner}
            name="thumbnail"
            type="file"
            accept="image/*"
            className="text-field__input event-form__file"
            onChange={chooseBanner}
            aria-invalid={errors.banner ? true : undefined}
            aria-describedby={errors.banner ? ids.bannerError : undefined}
          />
          {errors.banner && (
            <p id={ids.bannerError} className="text-field__error">
              {errors.banner}
            </p>
          )}
        </div>
        {(preview ?? event?.thumbnail) && (
          <img
            className="event-form__preview"
            src={preview ?? event?.thumbnail}
            alt={preview ? 'Preview of the chosen banner' : 'Current banner'}
            width={640}
            height={360}
          />
        )}
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </Button>
      </form>
      <Modal open={failure !== null} onClose={() => setFailure(null)} title={SUBMIT_MESSAGES.error}>
        <p className="event-form__failure">{failure}</p>
        <Button block onClick={() => setFailure(null)}>
          OK
        </Button>
      </Modal>
    </>
  );
}
