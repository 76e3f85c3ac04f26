import { WHISPER_CATEGORIES, type Whisper, type WhisperInput } from '@/shared/api';

export const MAX_WHISPER_IMAGES = 4;
export const WHISPER_LIMITS = { title: 100, location: 200, description: 5000 } as const;

export const WHISPER_MESSAGES = {
  titleRequired: 'Title is required.',
  locationRequired: 'Location is required.',
  categoryRequired: 'Category is required.',
  storyRequired: 'Story is required.',
  tooManyImages: `Maximum ${MAX_WHISPER_IMAGES} images allowed.`,
  published: 'Whisper published!',
  updated: 'Whisper updated!',
  loginToShare: 'Please log in to share a whisper.',
  failed: 'Could not publish your whisper. Please try again.',
} as const;

export interface WhisperValues {
  title: string;
  location: string;
  category: string;
  description: string;
  /** On edit: the current images that stay. */
  keepImages: string[];
  images: File[];
}

// Keys in screen order (title, location, category, images, story): useForm focuses the first invalid one in it.
export const emptyWhisperValues = (): WhisperValues => ({ title: '', location: '', category: '', keepImages: [], images: [], description: '' });

export const whisperValuesOf = (whisper: Whisper): WhisperValues => ({
  title: whisper.title,
  location: whisper.location,
  category: (WHISPER_CATEGORIES as readonly string[]).includes(whisper.category) ? whisper.category : '',
  keepImages: whisper.images,
  images: [],
  description: whisper.description,
});

export const toWhisperInput = (values: WhisperValues): WhisperInput => ({
  title: values.title.trim(),
  location: values.location.trim(),
  category: values.category,
  description: values.description.trim(),
  images: values.images,
});

/** The server's rules, in the form's order, so nothing is sent while one fails. */
export function validateWhisper(values: WhisperValues): Partial<Record<keyof WhisperValues, string>> {
  const errors: Partial<Record<keyof WhisperValues, string>> = {};
  if (!values.title.trim()) errors.title = WHISPER_MESSAGES.titleRequired;
  if (!values.location.trim()) errors.location = WHISPER_MESSAGES.locationRequired;
  if (!values.category) errors.category = WHISPER_MESSAGES.categoryRequired;
  if (!values.description.trim()) errors.description = WHISPER_MESSAGES.storyRequired;
  if (values.keepImages.length + values.images.length > MAX_WHISPER_IMAGES) errors.images = WHISPER_MESSAGES.tooManyImages;
  return errors;
}
