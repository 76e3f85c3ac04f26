import type { ReverseGeocodeResult } from '@/shared/api';

export interface DetectedPlace {
  /** City, else town, else village; '' when Nominatim names none. */
  city: string;
  state: string;
  /** 'city, state', else the full display name. */
  label: string;
}

/** The place to show for a reverse lookup, or null when it has no usable address ('Unknown location'). */
export function toDetectedPlace(result: ReverseGeocodeResult | null | undefined): DetectedPlace | null {
  if (!result) return null;
  const { address, displayName } = result;
  const city = address.city ?? address.town ?? address.village ?? '';
  const state = address.state ?? '';
  if (city && state) return { city, state, label: `${city}, ${state}` };
  if (displayName.trim()) return { city, state, label: displayName.trim() };
  return null;
}
