export { SkillsPage } from './ui/skills-page';
