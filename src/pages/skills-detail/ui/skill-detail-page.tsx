import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { SKILL_CAROUSEL_MS, skillCategoryLabel, skillImages } from '@/entities/skill';
import { getName } from '@/entities/user';
import { ReportButton } from '@/features/report-content';
import { forgetSkill, getErrorMessage, useDeleteSkillMutation, useGetSkillQuery, type Skill } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { RecordCard } from '@/shared/ui/card';
import { Carousel } from '@/shared/ui/carousel';
import { EmptyState } from '@/shared/ui/empty-state';
import { ExpandableText } from '@/shared/ui/expandable-text';
import { HiddenNotice } from '@/shared/ui/hidden-notice';
import { RecordFallback } from '@/shared/ui/load-failure';
import { Modal } from '@/shared/ui/modal';
import { PageMeta } from '@/shared/ui/page-meta';
import { Tag } from '@/shared/ui/tag';
import { RecordActions } from '@/widgets/record-actions';
import './skill-detail-page.css';

/** The detail page shows this much of the description until 'See All'. */
export const DETAIL_DESCRIPTION_CUT = 200;
export const SKILL_DELETED = 'Skill deleted';

/** /skills/{id}: one skill, its portfolio, a way to contact its owner; the owner may edit or delete it. */
export function SkillDetailPage() {
  const { id } = useParams();
  const query = useGetSkillQuery(id ?? skipToken);
  // The skill just deleted here stays on screen until the list replaces this page (its cache entry is emptied at once).
  const [leaving, setLeaving] = useState<Skill | null>(null);
  const skill = leaving ?? query.data;

  let content;
  if (leaving) {
    content = <SkillDetail skill={leaving} onDeleted={setLeaving} />;
  } else if (query.isLoading || query.isError || !skill) {
    content = (
      <RecordFallback
        query={query}
        loading="Loading skill"
        titleAs="h1"
        failure="Could not load this skill"
        missing={<EmptyState titleAs="h1" title="Skill not found" description="It may have been removed." action={<ButtonLink to={paths.skills.root()}>Back to skills</ButtonLink>} />}
      />
    );
  } else {
    content = <SkillDetail skill={skill} onDeleted={setLeaving} />;
  }

  return (
    <div className="page skill-detail">
      <PageMeta title={`${skill?.title || 'Skill'} | ${getAppConfig().brandName}`} />
      {content}
    </div>
  );
}

function SkillDetail({ skill, onDeleted }: { skill: Skill; onDeleted: (skill: Skill) => void }) {
  const dispatch = useDispatch();
  const userId = useSelector(selectUserId);
  const isOwner = userId !== null && userId === skill.user._id;
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const [deleteSkill, { isLoading: deleting }] = useDeleteSkillMutation();
  const navigate = useNavigate();

  const ownerName = getName(skill.user);
  const category = skillCategoryLabel(skill);
  const portfolio = skillImages(skill, 'portfolioImages');

  const remove = async () => {
    try {
      await deleteSkill(skill._id).unwrap();
      // In one go, so no render shows the emptied entry before the page keeps the skill on screen.
      onDeleted(skill);
      dispatch(forgetSkill(skill._id));
      toast.success(SKILL_DELETED);
      navigate(paths.skills.root());
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  };

  return (
    <RecordCard title={skill.title} media={<Carousel label={`${skill.title} images`} images={skillImages(skill)} intervalMs={SKILL_CAROUSEL_MS} aspectRatio={4 / 3} />}>
      <HiddenNotice moderation={skill.moderation} />
      <p className="skill-detail__meta">
        {ownerName && <span className="skill-detail__owner">{ownerName}</span>}
        {category && <Tag>{category}</Tag>}
      </p>
      <ExpandableText text={skill.description} cut={DETAIL_DESCRIPTION_CUT} />

      {portfolio.length > 0 && (
        <section className="skill-detail__portfolio" aria-labelledby="skill-portfolio">
          <h2 id="skill-portfolio" className="skill-detail__subtitle">
            Portfolio
          </h2>
          <ul className="skill-detail__strip">
            {portfolio.map((image, index) => (
              <li key={`${index}:${image.src}`}>
                <button
                  type="button"
                  className="skill-detail__thumb"
                  aria-label={`Open ${image.alt}`}
                  onClick={() => setEnlarged(index)}
                >
                  <img src={image.src} alt={image.alt} width={120} height={90} loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {skill.address && (
        <p className="skill-detail__address">
          <span className="skill-detail__label">Address: </span>
          {skill.address}
        </p>
      )}

      <RecordActions
        className="skill-detail__actions"
        contact={{ kind: 'skill', id: skill._id, name: ownerName }}
        owner={isOwner ? {
          editTo: paths.skills.edit(skill._id),
          deleteTitle: 'Delete this skill?',
          deleteText: `“${skill.title}” and its images will be removed for good.`,
          deleting,
          onDelete: remove,
        } : undefined}
      />
      {!isOwner && <ReportButton itemType="skill" itemId={skill._id} size="sm" className="skill-detail__report" />}
      <Modal
        open={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged !== null ? `Portfolio image ${enlarged + 1} of ${portfolio.length}` : ''}
        className="skill-detail__viewer"
      >
        {enlarged !== null && portfolio[enlarged] && (
          <img className="skill-detail__large" src={portfolio[enlarged].src} alt={portfolio[enlarged].alt} width={960} height={720} />
        )}
      </Modal>
    </RecordCard>
  );
}
