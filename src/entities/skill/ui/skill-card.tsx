import type { Skill } from '@/shared/api';
import { paths } from '@/shared/config';
import { truncate } from '@/shared/lib/text';
import { Card, CardLink } from '@/shared/ui/card';
import { Carousel } from '@/shared/ui/carousel';
import { Tag } from '@/shared/ui/tag';
import { SKILL_CAROUSEL_MS, skillCategoryLabel, skillImages } from '../lib/skill-display';
import './skill-card.css';

/** A list card cuts the description here (spec §9; the detail page shows more). */
export const CARD_DESCRIPTION_CUT = 100;

/**
 * One skill of the list. The carousel has its own buttons, so it sits beside the link rather than
 * inside it (no button inside a link); the link holds the text and leads to the detail page.
 */
export function SkillCard({ skill }: { skill: Skill }) {
  const category = skillCategoryLabel(skill);
  return (
    <Card as="li" media className="skill-card">
      <Carousel
        label={`${skill.title} images`}
        images={skillImages(skill)}
        intervalMs={SKILL_CAROUSEL_MS}
        aspectRatio={4 / 3}
        showArrows={false}
        className="skill-card__carousel"
      />
      <CardLink className="skill-card__link" to={paths.skills.byId(skill._id)} title={skill.title}>
        {category && <Tag>{category}</Tag>}
        <span className="skill-card__text">{truncate(skill.description, CARD_DESCRIPTION_CUT)}</span>
        {skill.address && <span className="skill-card__address">{skill.address}</span>}
      </CardLink>
    </Card>
  );
}
