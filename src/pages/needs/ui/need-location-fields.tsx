import { Button } from '@/shared/ui/button';
import { PlaceField } from '@/shared/ui/place-field';
import { TextField } from '@/shared/ui/text-field';
import { FormRow } from '@/shared/ui/form';
import type { NeedFormState } from '../model/use-need-form';
import { useNeedLocation } from '../model/use-need-location';

/** The need's place: the address (with suggestions), the two lookups and their alert, city to coordinates. */
export function NeedLocationFields({ form: { values, errors, field, setValue } }: { form: NeedFormState }) {
  const { message, locating, geocoding, pickPlace, locateMe, getCoordinates } = useNeedLocation(values.address, setValue);
  return (
    <>
      <PlaceField
        label="Address"
        name="address"
        autoComplete="street-address"
        value={values.address}
        error={errors.address}
        ref={field('address').ref}
        onChange={(address) => setValue('address', address)}
        onPick={pickPlace}
      />
      <div className="need-form__geo">
        <Button variant="secondary" size="sm" onClick={() => void locateMe()} disabled={locating} aria-busy={locating || undefined}>
          {locating ? 'Locating...' : 'Use Current Location'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void getCoordinates()} disabled={geocoding} aria-busy={geocoding || undefined}>
          {geocoding ? 'Searching...' : 'Get Coordinates from Address'}
        </Button>
      </div>
      <div aria-live="polite">
        {message && (
          <p className="need-form__geo-message" role="alert">
            {message}
          </p>
        )}
      </div>
      <FormRow>
        <TextField {...field('city')} label="City" autoComplete="address-level2" />
        <TextField {...field('state')} label="State" autoComplete="address-level1" />
      </FormRow>
      <TextField {...field('postalCode')} label="Postal code" autoComplete="postal-code" maxLength={20} />
      <FormRow>
        <TextField {...field('latitude')} label="Latitude" readOnly hint="Filled in from the address or your location." />
        <TextField {...field('longitude')} label="Longitude" readOnly />
      </FormRow>
    </>
  );
}
