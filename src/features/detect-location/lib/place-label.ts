import type { ReverseGeocodeResult } from '@/shared/api';

export interface DetectedPlace {
  /** City, else town, else village; '' when Nominatim names none. */
  city: string;
  state: string;
  /**
   * A place, never an address: 'city, state' (town or village for the city), else the locality or
   * the state with the country, else the country. The profile shows it publicly, so no road, house
   * number or postcode (issue 32, finding 8): the display name, which has them, is never used.
   */
  label: string;
}

/** The place to show for a reverse lookup, or null when it names no place at all ('Unknown location'). */
export function toDetectedPlace(result: ReverseGeocodeResult | null | undefined): DetectedPlace | null {
  if (!result) return null;
  const { address } = result;
  const city = address.city ?? address.town ?? address.village ?? '';
  const state = address.state ?? '';
  const country = address.country ?? '';
  const parts = city && state ? [city, state] : [city || state, country];
  const label = parts.filter((part, index) => part !== '' && parts.indexOf(part) === index).join(', ');
  return label ? { city, state, label } : null;
}
