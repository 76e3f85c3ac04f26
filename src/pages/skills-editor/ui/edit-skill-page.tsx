import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { useNavigate, useParams } from 'react-router-dom';
import { settleStatus, useGetSkillQuery, useUpdateSkillMutation, type Skill } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { ButtonLink } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormPage } from '@/shared/ui/form-page';
import { RecordFallback } from '@/shared/ui/load-failure';
import { toastSuccess } from '@/shared/ui/success-toast';
import { SKILL_MESSAGES, toSkillInput, toSkillValues, type SkillValues } from '../lib/skill-values';
import { SkillForm } from './skill-form';

/** /skills/{id}/edit (signed in): the owner's form, filled from the skill; anyone else is told it is not theirs. */
export function EditSkillPage() {
  const { id } = useParams();
  const userId = useSelector(selectUserId);
  // Fresh from the server: the form must start from the images the skill has now (keepImages).
  const query = useGetSkillQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const skill = query.data;

  let content;
  if (query.isLoading || query.isError || !skill) {
    content = (
      <RecordFallback
        query={query}
        loading="Loading skill"
        titleAs="h2"
        failure="Could not load this skill"
        missing={<EmptyState titleAs="h2" title="Skill not found" action={<ButtonLink to={paths.skills.root()}>Back to skills</ButtonLink>} />}
      />
    );
  } else if (skill.user._id !== userId) {
    content = (
      <EmptyState
        titleAs="h2"
        title={SKILL_MESSAGES.notOwner}
        action={<ButtonLink to={paths.skills.byId(skill._id)}>Back to the skill</ButtonLink>}
      />
    );
  } else {
    // Keyed by skill: a refetch does not reset what is being typed.
    content = <EditSkillForm key={skill._id} skill={skill} />;
  }

  return (
    <FormPage title="Edit Skill">{content}</FormPage>
  );
}

function EditSkillForm({ skill }: { skill: Skill }) {
  const navigate = useNavigate();
  const [updateSkill, { isLoading }] = useUpdateSkillMutation();

  const submit = async (values: SkillValues) => {
    const update = { ...toSkillInput(values), keepImages: values.keepImages, keepPortfolioImages: values.keepPortfolioImages };
    const outcome = await settleStatus(updateSkill({ id: skill._id, update }), SKILL_MESSAGES.failed);
    if (!outcome.ok) return outcome;
    toastSuccess(SKILL_MESSAGES.updated);
    navigate(paths.skills.byId(skill._id));
    return null;
  };

  return <SkillForm initialValues={toSkillValues(skill)} onSubmit={submit} busy={isLoading} />;
}
