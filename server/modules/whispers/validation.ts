import type { Static } from '@fastify/type-provider-typebox';
import { fail, keepList, type Checked } from '../../lib/checked.js';
import { controlChars, controlCharsExceptBreaks } from '../../lib/text.js';
import type { WhisperForm } from './schemas.js';

/** The create form's categories (spec §9). */
export const WHISPER_CATEGORIES = ['Hidden Gem', 'Adventure', 'Romantic', 'Beach', 'Mountain', 'Urban Escape'] as const;

/** Characters per field, after trimming: a card title, a place, a few paragraphs of story. */
export const WHISPER_LIMITS = { title: 100, location: 200, description: 5000 };
export const MAX_WHISPER_IMAGES = 4;

export interface WhisperFields {
  title: string;
  location: string;
  category: string;
  description: string;
}

export interface WhisperFormValue {
  fields: WhisperFields;
  /** On edit: the current images that stay, in the order listed (empty on create). */
  keptImages: string[];
}

type Body = Static<typeof WhisperForm>;

function line(raw: string | undefined, name: string, field: string, max: number): Checked<string> {
  const value = raw?.trim() ?? '';
  if (!value) return fail(`${name} is required.`, field);
  if (controlChars.test(value)) return fail(`${name} contains invalid characters.`, field);
  if (value.length > max) return fail(`${name} must be at most ${max} characters.`, field);
  return { ok: true, value };
}

/**
 * The whisper form (create or edit), trimmed, or the first failing rule's message and field, in
 * the order the form shows them. The story is the whisper's `description`. Images are optional (a
 * card without one shows stock pictures), at most four, kept plus new on edit.
 */
export function checkWhisperForm(body: Body, context: { newImages: number; currentImages?: string[] }): Checked<WhisperFormValue> {
  const title = line(body.title, 'Title', 'title', WHISPER_LIMITS.title);
  if (!title.ok) return title;
  const location = line(body.location, 'Location', 'location', WHISPER_LIMITS.location);
  if (!location.ok) return location;

  const categoryText = body.category?.trim() ?? '';
  if (!categoryText) return fail('Category is required.', 'category');
  const category = WHISPER_CATEGORIES.find((name) => name.toLowerCase() === categoryText.toLowerCase());
  if (!category) return fail(`Category must be one of ${WHISPER_CATEGORIES.join(', ')}.`, 'category');

  // Paragraphs are fine in a story; forms send CRLF line breaks.
  const description = body.description?.replace(/\r\n?/g, '\n').trim() ?? '';
  if (!description) return fail('Story is required.', 'description');
  if (controlCharsExceptBreaks.test(description)) return fail('Story contains invalid characters.', 'description');
  if (description.length > WHISPER_LIMITS.description) {
    return fail(`Story must be at most ${WHISPER_LIMITS.description} characters.`, 'description');
  }

  const kept = context.currentImages ? keepList(body.keepImages, context.currentImages, 'keepImages', 'whisper') : { ok: true as const, value: [] };
  if (!kept.ok) return kept;
  if (kept.value.length + context.newImages > MAX_WHISPER_IMAGES) return fail(`Maximum ${MAX_WHISPER_IMAGES} images allowed.`, 'images');

  return { ok: true, value: { fields: { title: title.value, location: location.value, category, description }, keptImages: kept.value } };
}
