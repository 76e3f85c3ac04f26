import { useId, useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { GEO_MESSAGES, useDetectLocation } from '@/features/detect-location';
import {
  geoApi,
  getErrorField,
  getServerMessage,
  isNetworkError,
  useCreateNeedMutation,
  useUpdateNeedMutation,
  type GeoPlace,
  type Need,
  type NeedType,
} from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { useForm } from '@/shared/lib/form';
import { Button } from '@/shared/ui/button';
import { Carousel } from '@/shared/ui/carousel';
import { PlaceField } from '@/shared/ui/place-field';
import { TextField } from '@/shared/ui/text-field';
import { MAX_IMAGES, NEED_GEO_MESSAGES, NEED_MESSAGES } from '../config/messages';
import { newIdempotencyKey } from '@/shared/lib/idempotency-key';
import { STOCK_IMAGES } from '../lib/images';
import { emptyNeedValues, toNeedInput, toNeedValues, validateNeed, type NeedValues } from '../lib/need-values';
import { ImagePicker } from './image-picker';

/** Spec §2 Create need: the hero pictures move on every 2 s. */
const HERO_INTERVAL_MS = 2000;

const TYPES: readonly { value: NeedType; label: string }[] = [
  { value: 'need', label: 'Need (I am looking for help)' },
  { value: 'available', label: 'Available (I offer a service)' },
];

/** Coordinates as the server takes them: plain decimals, 6 places (about 10 cm). */
const coordinate = (value: number) => value.toFixed(6);

/** The detect-location feature's failure, in this form's words (spec §8). */
function geoFailure(message: string, known: { unsupported: string; lookupFailed: string; unknown: string }): string {
  if (message === known.unsupported) return NEED_GEO_MESSAGES.unsupported;
  if (message === known.lookupFailed) return NEED_GEO_MESSAGES.serviceDown;
  if (message === known.unknown) return NEED_GEO_MESSAGES.noResults;
  return NEED_GEO_MESSAGES.positionFailed;
}

/** What identifies "the same form data" for a retry: the values and the files chosen. */
const fingerprintOf = (values: NeedValues, files: readonly File[], kept: readonly string[]) =>
  JSON.stringify([values, kept, files.map((file) => [file.name, file.size, file.lastModified])]);

/**
 * The create and edit form of a need (spec §2, §5). Without `need` it creates; with it, the owner
 * edits it (current images stay unless removed: `keepImages`).
 */
export function NeedForm({ need }: { need?: Need }) {
  const editing = need !== undefined;
  const navigate = useNavigate();
  const userId = useSelector(selectUserId);
  const [createNeed, { isLoading: creating }] = useCreateNeedMutation();
  const [updateNeed, { isLoading: updating }] = useUpdateNeedMutation();
  const [searchPlaces, { isFetching: geocoding }] = geoApi.useLazySearchPlacesQuery();
  const detect = useDetectLocation();
  const busy = creating || updating;
  const { values, errors, field, setValue, handleSubmit, showServerError } = useForm<NeedValues>({
    initialValues: () => (need ? toNeedValues(need) : emptyNeedValues()),
    validate: validateNeed,
    busy,
  });
  const [kept, setKept] = useState<string[]>(() => need?.images ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string>();
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  // One key per submission attempt, kept while the same data is sent again (a retry after a lost
  // answer then makes one record); new data gets a new key.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const ids = { type: useId(), description: useId(), geo: useId() };

  const addFiles = (chosen: File[]) => {
    const images = chosen.filter((file) => file.type.startsWith('image/'));
    const room = Math.max(0, MAX_IMAGES - kept.length - files.length);
    let message: string | undefined;
    if (images.length < chosen.length) message = NEED_MESSAGES.onlyImages;
    if (images.length > room) message = NEED_MESSAGES.tooManyImages;
    setImageError(message);
    if (room > 0 && images.length > 0) setFiles((current) => [...current, ...images.slice(0, room)]);
  };

  const setCoordinates = (lat: number, lon: number) => {
    setValue('latitude', coordinate(lat));
    setValue('longitude', coordinate(lon));
  };

  const pickPlace = (place: GeoPlace) => {
    setGeoMessage(null);
    setValue('address', place.displayName);
    setCoordinates(place.lat, place.lon);
  };

  const locateMe = async () => {
    setGeoMessage(null);
    setLocating(true);
    const outcome = await detect();
    setLocating(false);
    if (!outcome.ok) {
      setGeoMessage(geoFailure(outcome.error.message, GEO_MESSAGES));
      return;
    }
    const { address, displayName } = outcome.geo;
    const street = [address.road, address.neighbourhood ?? address.suburb].filter(Boolean).join(', ');
    setValue('address', street || displayName);
    setValue('city', address.city ?? address.town ?? address.village ?? '');
    setValue('state', address.state ?? '');
    setValue('postalCode', address.postcode ?? '');
    setCoordinates(outcome.position.lat, outcome.position.lon);
  };

  const getCoordinates = async () => {
    const address = values.address.trim();
    if (address === '') {
      setGeoMessage(NEED_GEO_MESSAGES.noAddress);
      return;
    }
    setGeoMessage(null);
    try {
      const places = await searchPlaces(address, true).unwrap();
      if (places.length === 0) setGeoMessage(NEED_GEO_MESSAGES.noResults);
      else setCoordinates(places[0].lat, places[0].lon);
    } catch {
      setGeoMessage(NEED_GEO_MESSAGES.serviceDown);
    }
  };

  const save = async (current: NeedValues) => {
    setImageError(undefined);
    const input = toNeedInput(current, files);
    try {
      if (need) {
        const result = await updateNeed({ id: need._id, input, keepImages: kept }).unwrap();
        toast.success(result.message || NEED_MESSAGES.updated);
        void navigate(paths.needs.byId(need._id));
        return;
      }
      const fingerprint = fingerprintOf(current, files, kept);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
      const result = await createNeed({ userId: userId ?? '', input, idempotencyKey: attempt.current.key }).unwrap();
      attempt.current = null;
      toast.success(result.message || NEED_MESSAGES.created);
      void navigate(paths.needs.root());
    } catch (error) {
      // Everything typed stays; a message about one field goes under it.
      const message = getServerMessage(error);
      const serverField = getErrorField(error);
      if (message && (serverField === 'images' || serverField === 'keepImages')) {
        setImageError(message);
        return;
      }
      if (message && showServerError(serverField, message)) return;
      const fallback = editing ? NEED_MESSAGES.updateFailed : NEED_MESSAGES.createFailed;
      toast.error(message ?? (isNetworkError(error) ? NEED_MESSAGES.tryAgain : fallback));
    }
  };

  const submit = handleSubmit(save);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Visitors may fill the form in, but only a session can post it (spec §8).
    if (!editing && userId === null) {
      event.preventDefault();
      toast.error(NEED_MESSAGES.unauthorized);
      // After the submit event: a navigation (a transition) inside it makes React read the form as a
      // form action's data, which nothing here uses.
      void Promise.resolve().then(() => navigate(paths.login()));
      return;
    }
    void submit(event);
  };

  const descriptionErrorId = `${ids.description}-error`;

  return (
    <div className="need-form-layout">
      <Carousel
        label="Travellers helping each other"
        images={STOCK_IMAGES}
        intervalMs={HERO_INTERVAL_MS}
        aspectRatio={16 / 7}
        className="need-form__hero"
      />
      <form className="need-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <fieldset className="need-form__types" aria-describedby={errors.type ? `${ids.type}-error` : undefined}>
          <legend className="text-field__label">Type</legend>
          {TYPES.map((option, index) => (
            <label key={option.value} className="need-form__type">
              <input
                type="radio"
                name="type"
                value={option.value}
                checked={values.type === option.value}
                onChange={() => setValue('type', option.value)}
                ref={index === 0 ? field('type').ref : undefined}
              />
              <span>{option.label}</span>
            </label>
          ))}
          {errors.type && (
            <p id={`${ids.type}-error`} className="text-field__error">
              {errors.type}
            </p>
          )}
        </fieldset>
        <TextField {...field('category')} label="Category" placeholder="Accommodation, Transport, Guide..." maxLength={60} />
        <TextField {...field('serviceName')} label="Service name" placeholder="What is needed or offered" maxLength={120} />
        <div className={['text-field', errors.description && 'text-field--invalid'].filter(Boolean).join(' ')}>
          <label className="text-field__label" htmlFor={ids.description}>
            Description
          </label>
          <textarea
            ref={field('description').ref}
            id={ids.description}
            name="description"
            className="text-field__input need-form__description"
            rows={5}
            maxLength={2000}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? descriptionErrorId : undefined}
            onChange={(event) => setValue('description', event.target.value)}
          />
          {errors.description && (
            <p id={descriptionErrorId} className="text-field__error">
              {errors.description}
            </p>
          )}
        </div>
        <div className="need-form__row">
          <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" placeholder="+919876543210" />
          <TextField {...field('email')} label="Email" type="email" autoComplete="email" placeholder="you@example.com" />
        </div>
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
        <div id={ids.geo} aria-live="polite">
          {geoMessage && (
            <p className="need-form__geo-message" role="alert">
              {geoMessage}
            </p>
          )}
        </div>
        <div className="need-form__row">
          <TextField {...field('city')} label="City" autoComplete="address-level2" />
          <TextField {...field('state')} label="State" autoComplete="address-level1" />
        </div>
        <TextField {...field('postalCode')} label="Postal code" autoComplete="postal-code" maxLength={20} />
        <div className="need-form__row">
          <TextField {...field('latitude')} label="Latitude" readOnly hint="Filled in from the address or your location." />
          <TextField {...field('longitude')} label="Longitude" readOnly />
        </div>
        <ImagePicker
          kept={kept}
          files={files}
          error={imageError}
          onAdd={addFiles}
          onRemoveKept={(path) => {
            setImageError(undefined);
            setKept((current) => current.filter((item) => item !== path));
          }}
          onRemoveFile={(index) => {
            setImageError(undefined);
            setFiles((current) => current.filter((_, position) => position !== index));
          }}
        />
        <Button type="submit" size="lg" block disabled={busy}>
          {editing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Need'}
        </Button>
      </form>
    </div>
  );
}
