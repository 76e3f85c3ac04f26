import { droneSkill, muralSkill } from '@mocks/fixtures/skills';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@test-utils/render';
import { toSkill } from '@/shared/api';
import { SkillCard, skillCategoryLabel, skillImages } from '.';
import { CARD_DESCRIPTION_CUT } from './ui/skill-card';

it('labels Other with its custom category', () => {
  expect(skillCategoryLabel(muralSkill)).toBe('Mural art');
  expect(skillCategoryLabel(droneSkill)).toBe('Photography');
  expect(skillCategoryLabel({ category: 'Other', customCategory: ' ' })).toBe('Other');
});

it("names a skill's images and its portfolio apart, from server paths", () => {
  const skill = { title: 'Drone shots', images: ['/uploads/a.webp'], portfolioImages: ['/uploads/p1.webp', '/uploads/p2.webp'] };
  expect(skillImages(skill)).toEqual([{ src: expect.stringMatching(/\/uploads\/a\.webp$/), alt: 'Drone shots, image 1' }]);
  expect(skillImages(skill, 'portfolioImages').map((image) => image.alt)).toEqual(['Drone shots, portfolio image 1', 'Drone shots, portfolio image 2']);
});

it('a card links to the skill, with its category and the description cut at 100', () => {
  const skill = { ...toSkill(muralSkill)!, description: 'x'.repeat(CARD_DESCRIPTION_CUT + 5) };
  renderWithProviders(<ul><SkillCard skill={skill} /></ul>);
  const link = screen.getByRole('link', { name: new RegExp(skill.title) });
  expect(link).toHaveAttribute('href', `/skills/${skill._id}`);
  expect(link).toHaveTextContent('Mural art');
  expect(link).toHaveTextContent(`${'x'.repeat(CARD_DESCRIPTION_CUT)}...`);
});
