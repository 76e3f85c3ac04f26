import type { Skill, SkillInput } from '@/shared/api';
import { SUBMIT_MESSAGES } from '@/shared/config';
import { compact, EMAIL_PATTERN, type FieldErrors } from '@/shared/lib/validation';

/** The form's values: text fields, the new files, and (on edit) the current images still kept. */
export interface SkillValues {
  title: string;
  description: string;
  category: string;
  customCategory: string;
  contact: string;
  address: string;
  email: string;
  images: File[];
  portfolioImages: File[];
  keepImages: string[];
  keepPortfolioImages: string[];
}

export type SkillField = keyof SkillValues & string;

/** The server's limit on each kind of image (kept plus new). */
export const MAX_IMAGES = 4;

// The spec's wording, letter for letter: 'three' although one image is enough, and the skill form
// announces 'Event created!' like the event form does.
export const SKILL_MESSAGES = {
  title: 'Title is required.',
  description: 'Description is required.',
  address: 'Address is required.',
  category: 'Category is required.',
  customCategory: 'Custom category is required.',
  contact: 'Contact is required.',
  email: 'Valid email is required.',
  imageRequired: 'At least three image is required.',
  tooManyImages: 'Maximum 4 images allowed.',
  tooManyPortfolioImages: 'Maximum 4 portfolio images allowed.',
  created: SUBMIT_MESSAGES.created,
  updated: 'Skill updated!',
  error: SUBMIT_MESSAGES.error,
  failed: SUBMIT_MESSAGES.failed,
  notOwner: 'You can only edit your own skills.',
} as const;

export const emptySkillValues = (): SkillValues => ({
  title: '',
  description: '',
  category: '',
  customCategory: '',
  contact: '',
  address: '',
  email: '',
  images: [],
  portfolioImages: [],
  keepImages: [],
  keepPortfolioImages: [],
});

/** The edit form starts from the skill; its current images are all kept until removed. */
export const toSkillValues = (skill: Skill): SkillValues => ({
  title: skill.title,
  description: skill.description,
  category: skill.category,
  customCategory: skill.customCategory,
  contact: skill.contact ?? '',
  address: skill.address,
  email: skill.email ?? '',
  images: [],
  portfolioImages: [],
  keepImages: [...skill.images],
  keepPortfolioImages: [...skill.portfolioImages],
});

const blank = (value: string) => value.trim() === '';

/** Every field's message (spec §5); the custom category only counts when the category is Other. */
export function validateSkill(values: SkillValues): FieldErrors<SkillField> {
  const imageCount = values.images.length + values.keepImages.length;
  const portfolioCount = values.portfolioImages.length + values.keepPortfolioImages.length;
  return compact<SkillField>({
    title: blank(values.title) ? SKILL_MESSAGES.title : undefined,
    description: blank(values.description) ? SKILL_MESSAGES.description : undefined,
    category: blank(values.category) ? SKILL_MESSAGES.category : undefined,
    customCategory: values.category === 'Other' && blank(values.customCategory) ? SKILL_MESSAGES.customCategory : undefined,
    contact: blank(values.contact) ? SKILL_MESSAGES.contact : undefined,
    address: blank(values.address) ? SKILL_MESSAGES.address : undefined,
    email: EMAIL_PATTERN.test(values.email.trim()) ? undefined : SKILL_MESSAGES.email,
    images:
      imageCount === 0 ? SKILL_MESSAGES.imageRequired : imageCount > MAX_IMAGES ? SKILL_MESSAGES.tooManyImages : undefined,
    portfolioImages: portfolioCount > MAX_IMAGES ? SKILL_MESSAGES.tooManyPortfolioImages : undefined,
    keepImages: undefined,
    keepPortfolioImages: undefined,
  });
}

/** What is sent: text trimmed, the custom category only with Other. */
export const toSkillInput = (values: SkillValues): SkillInput => ({
  title: values.title.trim(),
  description: values.description.trim(),
  category: values.category,
  customCategory: values.category === 'Other' ? values.customCategory.trim() : '',
  contact: values.contact.trim(),
  email: values.email.trim(),
  address: values.address.trim(),
  images: values.images,
  portfolioImages: values.portfolioImages,
});
