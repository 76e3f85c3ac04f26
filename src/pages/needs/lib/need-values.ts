import type { Need, NeedInput } from '@/shared/api';
import { compact, EMAIL_PATTERN, firstError, matches, required, type FieldErrors } from '@/shared/lib/validation';

/**
 * The form's values: the need's fields as the api sends them, less the files (the form keeps those
 * apart). Objects of this type are built in on-screen order, which decides which invalid field takes focus.
 */
export type NeedValues = Omit<NeedInput, 'images'>;

export type NeedField = keyof NeedValues;

export const emptyNeedValues = (): NeedValues => ({
  type: 'need',
  category: '',
  serviceName: '',
  description: '',
  phone: '',
  email: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  latitude: '',
  longitude: '',
});

export const toNeedValues = (need: Need): NeedValues => ({
  type: need.type,
  category: need.category,
  serviceName: need.serviceName,
  description: need.description,
  phone: need.contactDetails?.phone ?? '',
  email: need.contactDetails?.email ?? '',
  address: need.location.address,
  city: need.location.city,
  state: need.location.state,
  postalCode: need.location.postalCode,
  latitude: need.location.coordinates ? String(need.location.coordinates.latitude) : '',
  longitude: need.location.coordinates ? String(need.location.coordinates.longitude) : '',
});

/** Optional plus, then 7 to 15 digits. */
export const NEED_PHONE_PATTERN = /^\+?\d{7,15}$/;
/** A plain decimal, as the server takes coordinates (no exponent, no hex). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

const coordinate = (limit: number, message: string) => (value: string) => {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) && Math.abs(Number(trimmed)) <= limit ? undefined : message;
};

/** Spec §5 Needs form, in field order. */
export function validateNeed(values: NeedValues): FieldErrors<NeedField> {
  return compact({
    type: values.type === 'need' || values.type === 'available' ? undefined : 'Type is required',
    category: firstError(values.category, required('Category is required')),
    serviceName: firstError(values.serviceName, required('Service name is required')),
    description: firstError(values.description, required('Description is required')),
    phone: firstError(values.phone, required('Phone number is required'), matches(NEED_PHONE_PATTERN, 'Enter a valid phone number')),
    email: firstError(values.email, required('Email is required'), matches(EMAIL_PATTERN, 'Enter a valid email')),
    address: firstError(values.address, required('Address is required')),
    city: firstError(values.city, required('City is required')),
    state: firstError(values.state, required('State is required')),
    postalCode: firstError(values.postalCode, required('Postal code is required')),
    latitude: coordinate(90, 'Valid latitude is required')(values.latitude),
    longitude: coordinate(180, 'Valid longitude is required')(values.longitude),
  });
}

/** What is sent: text trimmed (the server trims too), and the new image files. */
export const toNeedInput = (values: NeedValues, images: readonly File[]): NeedInput => ({
  type: values.type,
  category: values.category.trim(),
  serviceName: values.serviceName.trim(),
  description: values.description.trim(),
  phone: values.phone.trim(),
  email: values.email.trim(),
  address: values.address.trim(),
  city: values.city.trim(),
  state: values.state.trim(),
  postalCode: values.postalCode.trim(),
  latitude: values.latitude.trim(),
  longitude: values.longitude.trim(),
  images,
});
