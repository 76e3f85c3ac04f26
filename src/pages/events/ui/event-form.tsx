import type { TravelEvent } from '@/shared/api';
import { today } from '@/shared/lib/date';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import { Form, FormRow } from '@/shared/ui/form';
import { TextAreaField, TextField } from '@/shared/ui/text-field';
import { CAPACITY_MAX } from '../lib/event-form';
import { useEventForm } from '../model/use-event-form';

interface EventFormProps {
  /** The event being edited; none for a new one. */
  event?: TravelEvent;
}

/** Request Event (create) and Edit Event: one form, the banner required only on create. */
export function EventForm({ event }: EventFormProps) {
  const editing = event !== undefined;
  const { form, address, banner, busy, onSubmit } = useEventForm(event);
  const { values, errors, field, formError, setFormError } = form;
  const minStart = today();

  return (
    <>
      <Form onSubmit={onSubmit} busy={busy} submitLabel="Submit" busyLabel="Submitting...">
        <TextField {...field('title')} label="Title" maxLength={120} autoComplete="off" />
        <TextAreaField {...field('description')} label="Description" rows={5} maxLength={3000} />
        <TextField {...address.addressField} label="Full address" maxLength={300} autoComplete="street-address" />
        <FormRow>
          <TextField label="Latitude" name="latitude" value={values.latitude} readOnly placeholder="Auto-filled" />
          <TextField label="Longitude" name="longitude" value={values.longitude} readOnly placeholder="Auto-filled" />
        </FormRow>
        <FormRow>
          <TextField {...field('startDate')} label="Start date" type="date" min={editing ? undefined : minStart} />
          <TextField {...field('startTime')} label="Start time" type="time" />
        </FormRow>
        <FormRow>
          <TextField {...field('endDate')} label="End date" type="date" min={values.startDate || minStart} />
          <TextField {...field('endTime')} label="End time" type="time" />
        </FormRow>
        <TextField
          {...field('capacity')}
          label="Capacity"
          inputMode="numeric"
          maxLength={String(CAPACITY_MAX).length}
          autoComplete="off"
          hint="How many can go. Leave empty for no limit; once it is full, “Going” puts members on a waitlist."
        />
        <p className="event-form__zone">Days and times are in {values.timeZone}.</p>
        <TextField
          ref={field('banner').ref}
          label={`Banner image${editing ? ' (leave empty to keep the current one)' : ''}`}
          name="thumbnail"
          type="file"
          accept="image/*"
          className="event-form__file"
          error={errors.banner}
          onChange={banner.choose}
        />
        {(banner.preview ?? event?.thumbnail) && (
          <img
            className="event-form__preview"
            src={banner.preview ?? event?.thumbnail}
            alt={banner.preview ? 'Preview of the chosen banner' : 'Current banner'}
            width={640}
            height={360}
          />
        )}
      </Form>
      <ErrorDialog message={formError} onClose={() => setFormError(null)} />
    </>
  );
}
