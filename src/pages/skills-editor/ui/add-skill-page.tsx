import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useRequireLogin } from '@/features/require-login';
import { settleStatus, useCreateSkillMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { paths } from '@/shared/config';
import { FormPage } from '@/shared/ui/form-page';
import { toastSuccess } from '@/shared/ui/success-toast';
import { emptySkillValues, SKILL_MESSAGES, toSkillInput, type SkillValues } from '../lib/skill-values';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { SkillForm } from './skill-form';

/** Everything sent, the files themselves included: the same parts again are a retry of the same data. */
const attemptParts = (values: SkillValues) => [
  values.title,
  values.description,
  values.category,
  values.customCategory,
  values.contact,
  values.address,
  values.email,
  ...values.images,
  '|',
  ...values.portfolioImages,
];

/**
 * /skills/add-skills: open to visitors (they can see what is asked), but a submit without a session
 * says so and goes to the login screen.
 */
export function AddSkillPage() {
  const userId = useSelector(selectUserId);
  const navigate = useNavigate();
  const [createSkill, { isLoading }] = useCreateSkillMutation();
  const idempotency = useIdempotencyKey();

  // Before validation: a visitor is told to log in rather than asked to fill in the rest first.
  const requireLogin = useRequireLogin();

  const submit = async (values: SkillValues) => {
    if (!userId) return null;
    const idempotencyKey = idempotency.keyFor(attemptParts(values));
    const outcome = await settleStatus(createSkill({ userId, input: toSkillInput(values), idempotencyKey }), SKILL_MESSAGES.failed);
    if (!outcome.ok) return outcome;
    idempotency.reset();
    toastSuccess(SKILL_MESSAGES.created);
    navigate(paths.home());
    return null;
  };

  return (
    <FormPage title="Add Skills" pageTitle="Add Skill" description="Offer a skill to travellers near you.">
      <SkillForm initialValues={emptySkillValues()} onSubmit={submit} busy={isLoading} canSubmit={requireLogin} />
    </FormPage>
  );
}
