import { formatCoordinate } from '@/features/locate-address';
import type { EventInput, TravelEvent } from '@/shared/api';
import { SUBMIT_MESSAGES } from '@/shared/config';
import { compact, type FieldErrors } from '@/shared/lib/validation';

// The board's messages (spec §5), word for word: the server answers the same ones with `field`.
export const EVENT_MESSAGES = {
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  addressRequired: 'Address is required.',
  locationNotFound: 'Location not found',
  bannerRequired: 'Banner image is required.',
  notAnImage: 'Please select an image file',
  tooLarge: 'Image size should be less than 5MB',
  startDateRequired: 'Start date is required.',
  endDateRequired: 'End date is required.',
  endBeforeStart: 'End date cannot be before start date.',
  capacityInvalid: 'Capacity must be a whole number from 1 to 100000, or empty for no limit.',
  created: SUBMIT_MESSAGES.created,
  updated: 'Event updated!',
  deleted: 'Event deleted',
  failed: SUBMIT_MESSAGES.failed,
  unauthorized: SUBMIT_MESSAGES.unauthorized,
  notOwner: 'You can only edit your own events.',
} as const;

/** The most places an event may have (the server's limit). */
export const CAPACITY_MAX = 100_000;

/** The browser's IANA time zone ('Asia/Kolkata'): the zone a new event's days and times are typed in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The server refuses larger uploads (413); checked here so nothing big is sent in vain. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;

/** Where the address's coordinates stand: not looked up yet (or the address changed since), found, or not found. */
export type GeoStatus = 'idle' | 'found' | 'missing';

/**
 * The text fields sent, the banner file's name ('' without one: the file input takes part in
 * validation and focus like the others) and where the address's lookup stands. The key order of
 * `emptyEventForm` is the on-screen order, the order the first error gets focus in.
 */
export interface EventFormValues extends Omit<EventInput, 'thumbnail'> {
  banner: string;
  geo: GeoStatus;
}

export type EventFormField = keyof EventFormValues;

export const emptyEventForm: EventFormValues = {
  title: '',
  description: '',
  address: '',
  latitude: '',
  longitude: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  capacity: '',
  banner: '',
  geo: 'idle',
  // Filled when the form opens (`newEventForm`); an edit keeps the event's own.
  timeZone: 'UTC',
};

/** A new event's form: empty, in the browser's time zone. */
export const newEventForm = (): EventFormValues => ({ ...emptyEventForm, timeZone: browserTimeZone() });

/** The edit form starts from the event; its stored coordinates count as found for its address. */
export function toEventFormValues(event: TravelEvent): EventFormValues {
  return {
    ...emptyEventForm,
    title: event.title,
    description: event.description,
    address: event.address,
    latitude: event.coordinates ? formatCoordinate(event.coordinates.latitude) : '',
    longitude: event.coordinates ? formatCoordinate(event.coordinates.longitude) : '',
    startDate: event.startDate,
    startTime: event.timeFrom,
    endDate: event.endDate,
    endTime: event.timeTo,
    capacity: event.capacity === null ? '' : String(event.capacity),
    geo: event.coordinates ? 'found' : 'idle',
    // The times were typed in the event's zone: an edit from elsewhere keeps it.
    timeZone: event.timeZone,
  };
}

/** The capacity's message, or undefined for a whole number of places in range or none at all. */
function checkCapacity(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number(text);
  return /^\d+$/.test(text) && value >= 1 && value <= CAPACITY_MAX ? undefined : EVENT_MESSAGES.capacityInvalid;
}

function validate(values: EventFormValues, bannerRequired: boolean): FieldErrors<EventFormField> {
  const address = values.address.trim();
  let endDate: string | undefined;
  if (!values.endDate) endDate = EVENT_MESSAGES.endDateRequired;
  // 'YYYY-MM-DD' compares as text in calendar order.
  else if (values.startDate && values.endDate < values.startDate) endDate = EVENT_MESSAGES.endBeforeStart;
  return compact({
    title: values.title.trim() ? undefined : EVENT_MESSAGES.titleRequired,
    description: values.description.trim() ? undefined : EVENT_MESSAGES.descriptionRequired,
    address: !address ? EVENT_MESSAGES.addressRequired : values.geo === 'missing' ? EVENT_MESSAGES.locationNotFound : undefined,
    banner: bannerRequired && !values.banner ? EVENT_MESSAGES.bannerRequired : undefined,
    startDate: values.startDate ? undefined : EVENT_MESSAGES.startDateRequired,
    endDate,
    capacity: checkCapacity(values.capacity),
  });
}

/** Create: the banner is required. */
export const validateNewEvent = (values: EventFormValues) => validate(values, true);
/** Edit: the current banner stays unless a new file replaces it. */
export const validateEventEdit = (values: EventFormValues) => validate(values, false);

/** The message for a chosen banner file that must not be sent, or undefined. */
export function checkBanner(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return EVENT_MESSAGES.notAnImage;
  if (file.size > BANNER_MAX_BYTES) return EVENT_MESSAGES.tooLarge;
  return undefined;
}

/** The multipart fields, trimmed, with the coordinates the address was found at. */
export function toEventInput(
  values: EventFormValues,
  place: { latitude: string; longitude: string },
  thumbnail: File | null,
): EventInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    address: values.address.trim(),
    latitude: place.latitude,
    longitude: place.longitude,
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: values.startTime,
    endTime: values.endTime,
    capacity: values.capacity.trim(),
    timeZone: values.timeZone,
    ...(thumbnail ? { thumbnail } : {}),
  };
}

/** The form field a server error names (`field`); the server's name for it may differ. */
export const serverFieldNames: Partial<Record<string, EventFormField>> = {
  thumbnail: 'banner',
  latitude: 'address',
  longitude: 'address',
  timeFrom: 'startTime',
  timeTo: 'endTime',
};
