import { Link } from 'react-router-dom';
import { skillCategoryLabel, type Skill } from '@/shared/api';
import { assetUrl, paths } from '@/shared/config';
import { truncate } from '@/shared/lib/text';
import { Carousel } from '@/shared/ui/carousel';

/** A list card cuts the description here (the detail page shows more). */
export const CARD_DESCRIPTION_CUT = 100;
/** Skills' carousels advance every 3 s. */
export const SKILL_CAROUSEL_MS = 3000;

/**
 * One skill of the list. The carousel has its own buttons, so it sits beside the link rather than
 * inside it (no button inside a link); the link holds the text and leads to the detail page.
 */
export function SkillCard({ skill }: { skill: Skill }) {
  const images = skill.images.map((src, index) => ({
    src: assetUrl(src) ?? src,
    alt: `${skill.title}, image ${index + 1}`,
  }));
  const category = skillCategoryLabel(skill);
  return (
    <li className="skill-card">
      <Carousel
        label={`${skill.title} images`}
        images={images}
        intervalMs={SKILL_CAROUSEL_MS}
        aspectRatio={4 / 3}
        showArrows={false}
        className="skill-card__carousel"
      />
      <Link className="skill-card__link" to={paths.skills.byId(skill._id)}>
        <span className="skill-card__title">{skill.title}</span>
        {category && <span className="skill-card__tag">{category}</span>}
        <span className="skill-card__text">{truncate(skill.description, CARD_DESCRIPTION_CUT)}</span>
        {skill.address && <span className="skill-card__address">{skill.address}</span>}
      </Link>
    </li>
  );
}
