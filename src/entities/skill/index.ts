export { SkillCard } from './ui/skill-card';
export { SKILL_CAROUSEL_MS, skillCategoryLabel, skillImages } from './lib/skill-display';
