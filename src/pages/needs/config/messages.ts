import { SUBMIT_MESSAGES } from '@/shared/config';

// The needs board's words (spec §2 Needs, §5 form rules, §8 alerts), in one place for pages and tests.
export const NEED_MESSAGES = {
  created: 'Need created successfully!',
  updated: 'Need updated successfully!',
  deleted: 'Need deleted',
  createFailed: 'Error creating need',
  updateFailed: 'Error updating need',
  deleteFailed: 'Could not delete the need',
  /** No answer at all (offline, timeout). */
  tryAgain: 'Please try again',
  unauthorized: SUBMIT_MESSAGES.unauthorized,
  notOwner: 'You can only edit your own needs.',
  notFound: 'Need not found',
  tooManyImages: 'Maximum 4 images allowed.',
  onlyImages: 'Please select an image file',
} as const;

// Spec §8: the geolocation and geocoding alerts of the form (the service is our server's /api/geo
// proxy now; the spec's words for it being unreachable are kept).
export const NEED_GEO_MESSAGES = {
  unsupported: 'Geolocation is not supported by your browser',
  positionFailed: 'Error getting your location. Please make sure location services are enabled.',
  serviceDown: 'Google Maps API not loaded',
  noAddress: 'Please enter an address first',
  noResults: 'No results found for your location',
} as const;

/** Most images a need keeps (server: 400 'Maximum 4 images allowed.'). */
export const MAX_IMAGES = 4;
