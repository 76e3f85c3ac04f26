export { SkillCard, CARD_DESCRIPTION_CUT } from './ui/skill-card';
export { SKILL_CAROUSEL_MS, skillCategoryLabel, skillImages } from './lib/skill-display';
