import { settleStatus, type SkillResult } from '@/shared/api';
import { SKILL_MESSAGES } from '../lib/skill-values';
import type { SubmitFailure } from './skill-form';

/** Settles a create or update: the answer, or what went wrong (the server's message, else 'Submission failed'). */
export async function settleSkill(
  request: { unwrap: () => Promise<SkillResult> },
): Promise<{ ok: true; result: SkillResult } | { ok: false; failure: SubmitFailure }> {
  const outcome = await settleStatus(request, SKILL_MESSAGES.failed);
  if (outcome.ok) return outcome;
  return { ok: false, failure: { message: outcome.message, ...(outcome.field ? { field: outcome.field } : {}) } };
}
