export { AddSkillPage } from './ui/add-skill-page';
export { EditSkillPage } from './ui/edit-skill-page';
