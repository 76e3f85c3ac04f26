import type { Skill } from '@/shared/api';
import { assetUrl } from '@/shared/config';

/** Skills' carousels advance every 3 s (spec §9), on the list and on the detail page. */
export const SKILL_CAROUSEL_MS = 3000;

/** What a card shows as the category: the custom one when the category is Other. */
export const skillCategoryLabel = (skill: Pick<Skill, 'category' | 'customCategory'>): string =>
  skill.category === 'Other' && skill.customCategory.trim() !== '' ? skill.customCategory : skill.category;

/** A skill's images, or its portfolio, for a carousel or a strip: server paths made absolute, each with its alt text. */
export const skillImages = (skill: Pick<Skill, 'title' | 'images' | 'portfolioImages'>, which: 'images' | 'portfolioImages' = 'images') =>
  skill[which].map((src, index) => ({
    src: assetUrl(src) ?? src,
    alt: `${skill.title}, ${which === 'images' ? 'image' : 'portfolio image'} ${index + 1}`,
  }));
