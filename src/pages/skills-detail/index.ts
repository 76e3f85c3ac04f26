export { SkillDetailPage } from './ui/skill-detail-page';
