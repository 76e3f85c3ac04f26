import { REPORT_DETAILS_MAX } from '@/shared/api';

export const REPORT_TEXTS = {
  reasonRequired: 'Please choose a reason.',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX.toLocaleString('en-IN')} characters.`,
  failed: 'Could not send your report. Please try again.',
} as const;

/** '12 of 1,000 characters': the details field's counter. */
export const detailsCount = (length: number) =>
  `${length.toLocaleString('en-IN')} of ${REPORT_DETAILS_MAX.toLocaleString('en-IN')} characters`;
