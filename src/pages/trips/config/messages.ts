import { GENERIC_ERROR } from '@/shared/api';

// Spec §5 and §8, word for word: the server answers the same rules with the same words and `field`.
export const TRIP_MESSAGES = {
  fromRequired: 'Please enter source location.',
  toRequired: 'Please enter destination location.',
  startDateRequired: 'Start date is required.',
  endDateRequired: 'End date is required.',
  endNotAfterStart: 'End date must be after start date.',
  travellersRequired: 'At least 1 traveller is required.',
  budgetInvalid: 'Please enter a valid budget.',
  sent: 'Your trip request has been sent successfully.',
  updated: 'Your trip has been updated.',
  cancelled: 'Your trip has been cancelled.',
  failed: GENERIC_ERROR,
  notFound: 'Trip not found',
  pastUnchangeable: 'A past trip cannot be changed.',
} as const;

/** The companions switch of Account Settings, named the same wherever the pages point to it. */
export const MATCHING_SWITCH_LABEL = 'Let travellers with overlapping trips find me';
