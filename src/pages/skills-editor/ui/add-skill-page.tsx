import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useCreateSkillMutation } from '@/shared/api';
import { selectUserId } from '@/shared/auth';
import { getAppConfig, paths } from '@/shared/config';
import { PageMeta } from '@/shared/ui/page-meta';
import { toastSuccess } from '@/shared/ui/success-toast';
import { emptySkillValues, SKILL_MESSAGES, toSkillInput, type SkillValues } from '../lib/skill-values';
import { useIdempotencyKey } from '@/shared/lib/idempotency-key';
import { SkillForm } from './skill-form';
import { settleSkill } from './submit-outcome';
import './skill-editor.css';

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
  const checkSession = () => {
    if (userId) return true;
    toast.error(SKILL_MESSAGES.unauthorized);
    // After the submit event: a navigation (a transition) started inside it makes React 19 read the
    // form into a FormData for its form status, which serves nothing here.
    queueMicrotask(() => navigate(paths.login()));
    return false;
  };

  const submit = async (values: SkillValues) => {
    if (!userId) return null;
    const idempotencyKey = idempotency.keyFor(attemptParts(values));
    const outcome = await settleSkill(createSkill({ userId, input: toSkillInput(values), idempotencyKey }));
    if (!outcome.ok) return outcome.failure;
    idempotency.reset();
    toastSuccess(SKILL_MESSAGES.created);
    navigate(paths.home());
    return null;
  };

  return (
    <div className="page skill-editor">
      <PageMeta title={`Add Skill | ${getAppConfig().brandName}`} description="Offer a skill to travellers near you." />
      <h1 className="page-title">Add Skills</h1>
      <div className="skill-editor__card">
        <SkillForm initialValues={emptySkillValues()} onSubmit={submit} busy={isLoading} canSubmit={checkSession} />
      </div>
    </div>
  );
}
