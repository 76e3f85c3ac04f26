import type { Static } from '@fastify/type-provider-typebox';
import { fail, keepList, type Checked } from '../../lib/checked.js';
import { controlChars, controlCharsExceptBreaks, normalizeEmail } from '../../lib/text.js';
import type { SkillForm } from './schemas.js';

/** Spec §9's categories; 'Other' asks for a custom one. */
export const SKILL_CATEGORIES = ['Photography', 'Plumbing', 'Electrician', 'Carpenter', 'Other'] as const;

/** Characters per field, after trimming: enough for a card title, a few paragraphs, an address. */
export const SKILL_LIMITS = { title: 100, description: 2000, customCategory: 50, contact: 30, address: 300 };
export const MAX_IMAGES = 4;
export const MAX_PORTFOLIO_IMAGES = 4;

export interface SkillFields {
  title: string;
  description: string;
  category: string;
  customCategory: string;
  contact: string;
  email: string;
  address: string;
}

export interface SkillFormValue {
  fields: SkillFields;
  /** On edit: the current images that stay, in the order the form lists them (empty on create). */
  keptImages: string[];
  keptPortfolioImages: string[];
}

export interface SkillFormContext {
  /** How many files of each kind the form carries. */
  newImages: number;
  newPortfolioImages: number;
  /** On edit: the skill's current images, which the keep lists choose from. */
  current?: { images: string[]; portfolioImages: string[] };
}

type Body = Static<typeof SkillForm>;

/** A one-line text field: trimmed; the name as the messages say it. */
function line(raw: string | undefined, name: string, field: string, max: number | undefined, required: string): Checked<string> {
  const value = raw?.trim() ?? '';
  if (!value) return fail(required, field);
  if (controlChars.test(value)) return fail(`${name} contains invalid characters.`, field);
  if (max !== undefined && value.length > max) return fail(`${name} must be at most ${max} characters.`, field);
  return { ok: true, value };
}

/**
 * The skill form (create or edit), trimmed, or the first failing rule's message and field, in the
 * order the form shows them; the wording of the required-field and image messages is spec §5's
 * (including 'At least three image is required.', though one image is enough).
 */
export function checkSkillForm(body: Body, context: SkillFormContext): Checked<SkillFormValue> {
  const title = line(body.title, 'Title', 'title', SKILL_LIMITS.title, 'Title is required.');
  if (!title.ok) return title;

  // Paragraphs are fine in a description; forms send CRLF line breaks.
  const description = body.description?.replace(/\r\n?/g, '\n').trim() ?? '';
  if (!description) return fail('Description is required.', 'description');
  if (controlCharsExceptBreaks.test(description)) return fail('Description contains invalid characters.', 'description');
  if (description.length > SKILL_LIMITS.description) {
    return fail(`Description must be at most ${SKILL_LIMITS.description} characters.`, 'description');
  }

  const address = line(body.address, 'Address', 'address', SKILL_LIMITS.address, 'Address is required.');
  if (!address.ok) return address;

  const categoryText = body.category?.trim() ?? '';
  if (!categoryText) return fail('Category is required.', 'category');
  const category = SKILL_CATEGORIES.find((name) => name.toLowerCase() === categoryText.toLowerCase());
  if (!category) return fail(`Category must be one of ${SKILL_CATEGORIES.join(', ')}.`, 'category');

  // Only 'Other' has a custom category; with any other the field is left empty whatever was sent.
  let customCategory = '';
  if (category === 'Other') {
    const custom = line(body.customCategory, 'Custom category', 'customCategory', SKILL_LIMITS.customCategory, 'Custom category is required.');
    if (!custom.ok) return custom;
    customCategory = custom.value;
  }

  const contact = line(body.contact, 'Contact', 'contact', SKILL_LIMITS.contact, 'Contact is required.');
  if (!contact.ok) return contact;

  const email = normalizeEmail(body.email);
  if (!email) return fail('Valid email is required.', 'email');

  const current = context.current ?? { images: [], portfolioImages: [] };
  const keptImages = context.current ? keepList(body.keepImages, current.images, 'keepImages', 'skill') : { ok: true as const, value: [] };
  if (!keptImages.ok) return keptImages;
  const keptPortfolioImages = context.current
    ? keepList(body.keepPortfolioImages, current.portfolioImages, 'keepPortfolioImages', 'skill')
    : { ok: true as const, value: [] };
  if (!keptPortfolioImages.ok) return keptPortfolioImages;

  const images = keptImages.value.length + context.newImages;
  if (images === 0) return fail('At least three image is required.', 'images');
  if (images > MAX_IMAGES) return fail(`Maximum ${MAX_IMAGES} images allowed.`, 'images');
  if (keptPortfolioImages.value.length + context.newPortfolioImages > MAX_PORTFOLIO_IMAGES) {
    return fail(`Maximum ${MAX_PORTFOLIO_IMAGES} portfolio images allowed.`, 'portfolioImages');
  }

  return {
    ok: true,
    value: {
      fields: { title: title.value, description, category, customCategory, contact: contact.value, email, address: address.value },
      keptImages: keptImages.value,
      keptPortfolioImages: keptPortfolioImages.value,
    },
  };
}
