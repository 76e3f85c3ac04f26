import type { KeyboardEvent } from 'react';
import type { GeoPlace } from '@/shared/api';
import { useForm, type SendFormProps } from '@/shared/lib/form';
import { Form, FormRow } from '@/shared/ui/form';
import { FormAlert } from '@/shared/ui/form-alert';
import { PlaceField } from '@/shared/ui/place-field';
import { TextField } from '@/shared/ui/text-field';
import { dayCount, nextDay } from '@/shared/lib/date';
import { BLOCKED_NUMBER_KEYS, budgetInput, travellersInput, validateTrip, type TripFormValues } from '../lib/trip-form';
import { PLACE_MAX, placeLabel } from '../lib/place-label';

interface TripFormProps extends SendFormProps<TripFormValues> {
  submitLabel: string;
  busyLabel: string;
}

/** Whole numbers only (spec §5): the keys that would make a fraction, a sign or an exponent do nothing. */
const wholeNumberKeys = (event: KeyboardEvent<HTMLInputElement>) => {
  if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault();
};

/**
 * Plan Trip and Edit trip: spec §5's rules with their messages under each field (flagged invalid,
 * the first one focused), nothing sent while one shows, and the live 'No. of Days'.
 */
export function TripForm({ initialValues, onSubmit, busy, submitLabel, busyLabel }: TripFormProps) {
  const { values, errors, setValue, field, handleSend, formError } = useForm({
    initialValues,
    validate: validateTrip,
    busy,
  });
  const days = dayCount(values.startDate, values.endDate);

  const place = (name: 'from' | 'to', label: string, placeholder: string) => (
    <PlaceField
      label={label}
      name={name}
      placeholder={placeholder}
      value={values[name]}
      error={errors[name]}
      ref={field(name).ref}
      onChange={(text) => setValue(name, text.slice(0, PLACE_MAX))}
      onPick={(picked: GeoPlace) => setValue(name, placeLabel(picked.displayName))}
    />
  );

  const people = field('peopleCount');
  const budget = field('budget');

  return (
    <Form onSubmit={handleSend(onSubmit)} busy={busy} submitLabel={submitLabel} busyLabel={busyLabel}>
      <FormRow>
        {place('from', 'From', 'Where are you starting from?')}
        {place('to', 'Where To', 'Where are you going?')}
      </FormRow>
      <FormRow>
        <TextField {...field('startDate')} label="Start Date" type="date" />
        <TextField {...field('endDate')} label="End Date" type="date" min={values.startDate ? nextDay(values.startDate) || undefined : undefined} />
      </FormRow>
      <p className="trip-form__days" aria-live="polite">
        {days !== null && (
          <>
            No. of Days: <strong>{days}</strong>
          </>
        )}
      </p>
      <FormRow>
        <TextField
          {...people}
          label="No. Of Traveller"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          onKeyDown={wholeNumberKeys}
          onChange={(event) => setValue('peopleCount', travellersInput(event.target.value))}
          // Left empty: back to the least there can be.
          onBlur={() => {
            if (values.peopleCount === '') setValue('peopleCount', '1');
          }}
        />
        <TextField
          {...budget}
          label="Budget"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="e.g. 25000"
          onKeyDown={wholeNumberKeys}
          onChange={(event) => setValue('budget', budgetInput(event.target.value))}
        />
      </FormRow>
      {/* A failure the server ties to no field, above the button; input stays as typed. */}
      <FormAlert message={formError} />
    </Form>
  );
}
