// Spec §5 Profile photo and §8 upload, word for word; the server checks the same (and the bytes).
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'Image size should be less than 5MB',
  uploaded: 'Profile image updated!',
  failed: 'Upload failed. Please try again.',
} as const;

/** The message for a file that must not be sent, or undefined. */
export function checkPhoto(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return undefined;
}
